// A refusal in words when the browser's own engine refused it (offline): the sentences of
// console/refusal_texts.py in the page's language (the page ships them as a JSON catalogue,
// #console-refusals), filled with the refusal's params, and its clause in brackets, as the server
// says it: "Игрок 7 уже выставлен сегодня (7.5.3)". An unknown code is said as the code.
export function refusalSentence(catalogue, refusal) {
  const r = refusal || {};
  const text = (catalogue || {})[r.code];
  const params = r.params || {};
  const sentence = text ? text.replace(/%\((\w+)\)s/g, (m, k) => (params[k] == null ? "" : String(params[k]))) : String(r.code || "");
  return r.rule ? sentence + " (" + r.rule + ")" : sentence;
}

export function refusalCatalogue(doc) {
  const node = doc && doc.getElementById("console-refusals");
  if (!node) return {};
  try { return JSON.parse(node.textContent); } catch { return {}; }
}

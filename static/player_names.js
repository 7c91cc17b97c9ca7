// Suggestions under a nickname being typed: an <input data-player-names="<url>" list="<datalist id>">
// gets the public players whose name matches (public/rating_pages.player_names: any case, ё as е),
// as the options of its <datalist>, a moment after the typing stops. An answer that comes back
// after a newer one was asked for is dropped, so the list always matches what is in the box.

export const WAIT_MS = 200;

export function namesUrl(base, text, origin) {
  const url = new URL(base, origin);
  url.searchParams.set("q", text.trim());
  return url.toString();
}

export function fillOptions(datalist, players, doc) {
  const options = players.map((p) => {
    const option = doc.createElement("option");
    option.value = p.nickname;
    return option;
  });
  datalist.replaceChildren(...options);
}

export function attach(input, env = globalThis) {
  const doc = env.document;
  const datalist = doc.getElementById(input.getAttribute("list"));
  const base = input.getAttribute("data-player-names");
  if (!datalist || !base) return null;
  let timer = null, asked = 0;
  async function ask(text) {
    const mine = ++asked;
    if (!text.trim()) { fillOptions(datalist, [], doc); return; }
    let players;
    try {
      const r = await env.fetch(namesUrl(base, text, env.location.href), { headers: { Accept: "application/json" } });
      if (!r.ok) return;
      players = (await r.json()).players || [];
    } catch {
      return;  // no connection: the box still takes a name typed in full
    }
    if (mine === asked) fillOptions(datalist, players, doc);
  }
  input.addEventListener("input", () => {
    if (timer !== null) env.clearTimeout(timer);
    timer = env.setTimeout(() => { timer = null; return ask(input.value); }, WAIT_MS);
  });
  return { ask };
}

if (typeof document !== "undefined") {
  for (const input of document.querySelectorAll("input[data-player-names]")) attach(input);
}

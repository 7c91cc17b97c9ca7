// The console's texts come from the page (in its language) with named holes: "{seat}" in the
// screen's catalogue (console/screen.py), "%(rule)s" in the offline texts (console/_offline.html).

export function fmt(text, args) {
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? args[k] : m));
}

export function fill(format, values) {
  return format.replace(/%\((\w+)\)s/g, (_, k) => (values[k] == null ? "" : String(values[k])));
}

// "D2" → "Day 2", "N1" → "Night 1" (T.day, T.night), "" for no label.
export function labelText(T, label) {
  if (!label) return "";
  return fmt(label[0] === "D" ? T.day : T.night, { n: label.slice(1) });
}

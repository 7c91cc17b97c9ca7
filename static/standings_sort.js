// How the public standings sort a column (standings.js): pure functions of the cells' text.

// A cell's value for sorting: text in lower case, or a number read from the page's own writing
// ("6,56" on a Russian page, "6.56" on an English one, "−0,40" with a minus sign); 0 for no number.
export function sortValue(text, isText) {
  const v = text.trim();
  if (isText) return v.toLocaleLowerCase();
  return parseFloat(v.replace(",", ".").replace("−", "-")) || 0;
}

// The first direction of a column: the place and text A-to-Z, other numbers high to low; a second
// click on the same column reverses it.
export function nextDirection(key, isText, sortedKey, sortedDir) {
  if (key === sortedKey) return -sortedDir;
  return key === "place" || isText ? 1 : -1;
}

// Two rows' order for a column: by the values in `dir`, ties by their place in the standings.
export function compareRows(a, b, dir) {
  if (a.value < b.value) return -dir;
  if (a.value > b.value) return dir;
  return a.place - b.place;
}

// Building the screen's elements.

export function el(tag, attrs, text) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((k) => node.setAttribute(k, attrs[k]));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A choice button that sends `event` (disabled without one); `pressed` shows a toggle's state.
export function choice(screen, text, event, pressed, attrs) {
  const b = el("button", { type: "button", "class": "c-choice", ...(attrs || {}) }, text);
  if (pressed !== undefined) b.setAttribute("aria-pressed", pressed ? "true" : "false");
  if (!event) b.disabled = true;
  else b.addEventListener("click", () => { screen.tap(() => { screen.send(event); }); });
  return b;
}

export function lastOf(list) {
  return list && list.length ? list[list.length - 1] : null;
}

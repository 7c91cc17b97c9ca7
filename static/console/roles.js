// The roles, shown only while the judge holds the button (or R): the screen faces the judge, and a
// glance from the table must not learn them.
export function createRolesButton(root) {
  const button = document.getElementById("c-roles");
  function show(on) {
    root.classList.toggle("show-roles", on);
    button.classList.toggle("held", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  button.addEventListener("pointerdown", (e) => { e.preventDefault(); show(true); });
  ["pointerup", "pointerleave", "pointercancel"].forEach((n) => { button.addEventListener(n, () => { show(false); }); });
  button.addEventListener("contextmenu", (e) => { e.preventDefault(); });
  window.addEventListener("blur", () => { show(false); });
  return { show };
}

/* The awards ceremony on the projector (/t/<slug>/screen/awards/): a presenter's remote (Page
   Down / Page Up), the space bar, Enter or the arrows reveal the next award or go back, by
   following the page's own links, so the page works the same without this script. */

/** "next", "previous" or null: what a key pressed on the ceremony's screen asks for. */
export function stepFor(key) {
  if (key === " " || key === "Enter" || key === "ArrowRight" || key === "PageDown") return "next";
  if (key === "ArrowLeft" || key === "PageUp" || key === "Backspace") return "previous";
  return null;
}

if (typeof document !== "undefined") {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = stepFor(event.key);
    const link = step ? document.getElementById(`ceremony-${step}`) : null;
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
}

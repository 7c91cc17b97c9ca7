// A take-over on the table judge's screen: while the chief judge holds the console (the view's
// `taken_over_by`, `may_append` false) a banner names him and his reason, and every control that
// enters an event is disabled; the screen follows the chief's events (follow.js). The chief's own
// screen, who may enter, shows the banner without locking anything.
import { fmt } from "./format.js";

const CONTROLS = "#c-seats button, #c-panel button, #c-next, #c-undo, #c-judge button";
const ALWAYS_ON = ".c-seat-main, #c-judge button";

export function renderTakeOver(screen, locked) {
  const box = document.getElementById("c-takeover");
  const holder = screen.view && screen.view.taken_over_by;
  screen.root.toggleAttribute("data-taken-over", !!holder);
  if (!box) return;
  box.hidden = !holder;
  box.textContent = "";
  if (holder) {
    const T = screen.T;
    const who = document.createElement("strong");
    who.textContent = fmt(locked ? T.taken_over : T.taken_over_self, { name: holder.name });
    box.appendChild(who);
    if (holder.reason) box.appendChild(document.createTextNode(" " + fmt(T.taken_over_reason, { reason: holder.reason })));
    if (locked) box.appendChild(document.createTextNode(" " + T.taken_over_watch));
  }
  if (locked) {
    screen.root.querySelectorAll(CONTROLS).forEach((b) => { b.disabled = true; });
  } else {
    // the controls the other parts do not redraw: the seats and the judge's forms
    screen.root.querySelectorAll(ALWAYS_ON).forEach((b) => { b.disabled = false; });
  }
}

// The connection's line (online, sending, "offline — N waiting") and, when a queue was not taken
// whole by the server (a conflict or a refusal while it was sent), the events it did not store.
import { el } from "./dom.js";
import { fmt } from "./format.js";

// "nominate by=1 seat=5": an event as the judge can read it back.
export function describeEvent(event) {
  return event.type + Object.keys(event).filter((k) => k !== "type").map((k) => " " + k + "=" + JSON.stringify(event[k])).join("");
}

export function statusText(T, st) {
  if (st.login) return fmt(T.session_expired, { n: st.waiting });  // the link to log in: login_prompt.js
  if (st.online) return st.waiting ? T.sending : T.online;
  return fmt(T.offline, { n: st.waiting });
}

export function createStatusLine(T) {
  let stoppedShown = null;

  function showStopped(stopped) {
    const box = document.getElementById("c-stopped");
    const key = stopped ? JSON.stringify(stopped) : null;
    if (key === stoppedShown) return;
    stoppedShown = key;
    box.textContent = "";
    box.hidden = !stopped;
    if (!stopped) return;
    const unsent = stopped.unsent || [], e = stopped.error || {};
    const text = stopped.status === "conflict" ? T.stopped_conflict : fmt(T.stopped_refused, { reason: e.message || e.code || "" });
    box.appendChild(el("p", { "class": "c-big" }, fmt(text, { n: unsent.length })));
    const list = el("ol", { "class": "c-unsent" });
    unsent.forEach((event) => { list.appendChild(el("li", {}, describeEvent(event))); });
    box.appendChild(list);
    const close = el("button", { type: "button", "class": "c-button", id: "c-stopped-close" }, T.close);
    close.addEventListener("click", () => { box.hidden = true; });
    box.appendChild(close);
  }

  return function show(st) {
    const box = document.getElementById("c-status");
    box.setAttribute("data-online", st.online ? "true" : "false");
    box.setAttribute("data-waiting", String(st.waiting));
    box.textContent = statusText(T, st);
    showStopped(st.stopped);
  };
}

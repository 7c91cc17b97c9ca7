// The login prompt of an expired session (client.js shows it on a 403 "login"): what happened, in
// the page's language, and a button-styled link to the login page that comes back here (?next=),
// where the queue, kept in IndexedDB meanwhile, is sent.
import { fill } from "./format.js";
import { offlineTexts } from "./offline_texts.js";

export function showLogin(on, waiting) {
  let box = document.getElementById("console-login");
  if (!on) { if (box) box.hidden = true; return; }
  const t = offlineTexts();
  if (!box) {
    box = document.createElement("div");
    box.id = "console-login";
    box.className = "console-login";
    box.setAttribute("role", "alertdialog");
    const text = document.createElement("p");
    text.id = "console-login-text";
    box.appendChild(text);
    const link = document.createElement("a");
    link.id = "console-login-link";
    link.className = "c-button primary";
    box.appendChild(link);
    const console = document.getElementById("console");
    (console || document.body).prepend(box);
  }
  box.querySelector("p").textContent = fill(t.login, { waiting });
  const a = box.querySelector("a");
  a.textContent = t.loginLink;
  a.href = t.loginUrl + "?next=" + encodeURIComponent(location.pathname + location.search);
  box.hidden = false;
}

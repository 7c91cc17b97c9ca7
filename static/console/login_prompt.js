// The login prompt of an expired session (client.js shows it on a 403 "login"): a link to the login
// page that comes back here (?next=), where the queue, kept in IndexedDB meanwhile, is sent.
import { fill } from "./format.js";
import { offlineTexts } from "./offline_texts.js";

export function showLogin(on, waiting) {
  let box = document.getElementById("console-login");
  if (!on) { if (box) box.hidden = true; return; }
  const t = offlineTexts();
  if (!box) {
    box = document.createElement("div");
    box.id = "console-login";
    box.setAttribute("role", "alertdialog");
    const link = document.createElement("a");
    link.id = "console-login-link";
    box.appendChild(link);
    document.body.appendChild(box);
  }
  const a = box.querySelector("a");
  a.textContent = fill(t.login, { waiting });
  a.href = t.loginUrl + "?next=" + encodeURIComponent(location.pathname + location.search);
  box.hidden = false;
}


/* The stream overlay's delayed layer: what overlay.json gives (console/overlay.py: the roles, the
   nights' shots and checks as they were the organiser's delay ago, never sooner) is written beside
   the seats live.js draws and in the panel on the right. poll.js asks every five seconds; the
   delay is the server's, so nothing here can show a role sooner. */
import { poll } from "./poll.js";

const panel = document.getElementById("overlay-delayed");
const body = document.querySelector("#live .live-body");
const texts = JSON.parse(document.getElementById("live-texts").textContent);
const words = JSON.parse(document.getElementById("overlay-texts").textContent || "{}") || {};
let layer = null;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// the roles beside the seats: written again whenever live.js redraws them
function markRoles() {
  if (!layer || !layer.roles || !body) return;
  body.querySelectorAll("li[data-seat]").forEach((li) => {
    if (li.querySelector(".overlay-role")) return;
    const role = layer.roles[li.dataset.seat];
    if (role) li.appendChild(el("span", "overlay-role role-" + role, texts.roles[role] || role));
  });
}

export function nightLines(nights, w) {
  const lines = [];
  nights.forEach((night) => {
    const n = night.night;
    if (night.killed) lines.push((w.killed || "Night %(n)s: seat %(seat)s killed").replace("%(n)s", n).replace("%(seat)s", night.killed));
    else if (night.shots && night.shots.length) lines.push((w.miss || "Night %(n)s: a miss").replace("%(n)s", n));
    if (night.don_check) lines.push((w.don || "Night %(n)s: the don checked seat %(seat)s").replace("%(n)s", n).replace("%(seat)s", night.don_check[0]));
    if (night.sheriff_check) {
      lines.push((w.sheriff || "Night %(n)s: the sheriff checked seat %(seat)s: %(answer)s").replace("%(n)s", n)
        .replace("%(seat)s", night.sheriff_check[0]).replace("%(answer)s", w[night.sheriff_check[1]] || night.sheriff_check[1]));
    }
  });
  return lines;
}

function draw(data) {
  layer = data;
  const box = panel.querySelector(".overlay-nights");
  box.replaceChildren(...nightLines(data.nights || [], words).map((line) => el("p", null, line)));
  markRoles();
}

if (panel && body) {
  new MutationObserver(markRoles).observe(body, { childList: true, subtree: true });
  poll(panel.dataset.jsonUrl, { every: 5000, first: 0, onData: draw });
}

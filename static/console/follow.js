// The judge's screen follows its game when it moves elsewhere (the chief judge's events during a
// take-over, a hand-back, a second tab): the console's socket (/ws/judge/games/<id>/console/,
// console/consumers.py) says only that the log moved ({length, taken_over_by}), and
// `moved({index, taken_over_by})` reads the view again through the door when it differs. When the socket cannot open (no websocket server, a proxy that refuses it) or closes,
// the screen polls the door instead (poll.js), every few seconds while the page is visible.
import { poll } from "../poll.js";

export const POLL_MS = 3000;
const RECONNECT_MS = 15000;

export function socketUrl(consoleUrl, loc) {
  const path = new URL(consoleUrl, loc.href).pathname.replace(/^\/judge\/games\/(\d+)\/console\/?$/, "/ws/judge/games/$1/console/");
  return (loc.protocol === "https:" ? "wss://" : "ws://") + loc.host + path;
}

export function follow(urls, moved) {
  let feed = null;
  function polling() {
    if (feed) return;
    feed = poll(urls.console, { every: POLL_MS, onData: (v) => { moved({ index: v.index, taken_over_by: v.taken_over_by || null }); }, request: { credentials: "same-origin" } });
  }
  function connect() {
    if (typeof WebSocket === "undefined") { polling(); return; }
    let socket;
    try { socket = new WebSocket(socketUrl(urls.console, location)); } catch { polling(); return; }
    socket.addEventListener("open", () => { if (feed) { feed.stop(); feed = null; } });
    socket.addEventListener("message", (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg && msg.kind === "log" && msg.data) moved({ index: msg.data.length, taken_over_by: msg.data.taken_over_by || null });
    });
    socket.addEventListener("close", () => { polling(); setTimeout(connect, RECONNECT_MS); });
  }
  connect();
}

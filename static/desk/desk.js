/* The desk keeps itself fresh. Its socket (live_socket.js, /ws/desk/<slug>/) says when a table
   moved or changed hands, or a protest was filed; the desk then fetches the section's HTML
   (rendered by the server in the page's language, so the server decides what this user sees) and
   swaps it in, and a new protest also rings once (a short tone: a browser plays sound only after
   the page was touched once, as iOS and Android require). While the socket is closed, poll.js
   fetches the tables' section every data-refresh-ms. While the chief judge is typing a take-over's
   reason (a form of the section open or focused) the swap waits, so what is typed is never wiped. */
import { follow } from "../live_socket.js";
import { poll } from "../poll.js";

const section = document.querySelector("[data-refresh-url]");
if (section) {
  const every = parseInt(section.dataset.refreshMs || "5000", 10);
  const swapTables = (html) => {
    if (typing(section)) return;  // opened while the fetch was on its way
    section.innerHTML = html;
    section.dataset.refreshedAt = String(Date.now());
  };
  const polling = (first) => poll(section.dataset.refreshUrl, {
    every,
    first,
    as: "text",
    request: { redirect: "error" },  // a lost session is no section to swap in
    skip: () => typing(section),
    onData: swapTables,
  });
  if (section.dataset.socket) {
    let pending = null;
    const refreshTables = () => {
      // several tables move within a second: one fetch for all of them
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        if (typing(section)) { refreshTables(); return; }
        fetchText(section.dataset.refreshUrl).then(swapTables, () => {});
      }, 250);
    };
    follow(section.dataset.socket, {
      onMessage: (message) => {
        if (message.kind === "table" || message.kind === "table_moved") refreshTables();
        else if (message.kind === "protest") { refreshProtests(); ring(); }
      },
      fallback: () => polling(0),
      onOpen: refreshTables,
    });
  } else {
    polling(every);
  }
}

function fetchText(url) {
  return fetch(url, { cache: "no-store", credentials: "same-origin", redirect: "error" })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))));
}

// The protests' section is read from the desk page itself: the same words and links as a reload.
function refreshProtests() {
  const protests = document.getElementById("protests");
  if (!protests) return;
  fetchText(window.location.href).then((html) => {
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("protests");
    if (fresh) {
      protests.replaceWith(fresh);
      fresh.dataset.refreshedAt = String(Date.now());
    }
  }, () => {});
}

let audio = null;
document.addEventListener("pointerdown", () => {
  if (!audio && window.AudioContext) audio = new window.AudioContext();
}, { once: true });

function ring() {
  if (!audio) return;
  const tone = audio.createOscillator(), gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
}

function typing(section) {
  const active = document.activeElement;
  return !!section.querySelector("details[open]") || (!!active && active !== document.body && section.contains(active) &&
    /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
}

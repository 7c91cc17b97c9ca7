/* The projector: shows the standings' rows that fit, rotates the panels every `data-every-ms`,
   and reloads the page when the standings' version changes (the seating of a new round comes
   with it; poll.js asks every ten seconds) or, failing that, every five minutes. No controls: a
   hall screen runs unattended. */
import { follow } from "./live_socket.js";
import { poll } from "./poll.js";

const VERSION_EVERY_MS = 10000;
const RELOAD_ANYWAY_MS = 300000;

const body = document.body;
const every = parseInt(body.dataset.everyMs || "15000", 10);
const panels = Array.from(document.querySelectorAll(".panel"));
let current = 0;

// The standings are shown a page at a time, as many rows as fit the screen: the rotation goes
// through every page of the standings (places 1-16, then 17-20, ...) and then the seating.
const standings = document.getElementById("panel-standings");
const rows = standings ? Array.from(standings.querySelectorAll("tbody tr")) : [];
const pageNote = document.getElementById("screen-page");
let perPage = rows.length || 1;
let steps = [];

function measure() {
  rows.forEach((tr) => { tr.hidden = false; });
  const wasActive = standings && standings.classList.contains("active");
  if (standings) standings.classList.add("active");
  perPage = rows.length || 1;
  if (rows.length) {
    const bottom = standings.getBoundingClientRect().bottom;
    const fit = rows.filter((tr) => tr.getBoundingClientRect().bottom <= bottom).length;
    perPage = Math.max(1, fit);
  }
  if (standings && !wasActive) standings.classList.remove("active");
  steps = [];
  panels.forEach((panel) => {
    if (panel === standings && rows.length) {
      for (let first = 0; first < rows.length; first += perPage) steps.push({ panel, first });
    } else {
      steps.push({ panel, first: 0 });
    }
  });
}

function show(index) {
  const step = steps[index];
  panels.forEach((p) => { p.classList.toggle("active", p === step.panel); });
  current = index;
  if (step.panel === standings && rows.length) {
    const last = Math.min(rows.length, step.first + perPage);
    rows.forEach((tr, i) => { tr.hidden = i < step.first || i >= last; });
    if (pageNote) {
      pageNote.textContent = perPage < rows.length ? "· " + pageNote.dataset.label
        .replace("%(first)s", step.first + 1).replace("%(last)s", last).replace("%(count)s", rows.length) : "";
    }
  }
}

body.classList.add("rotating");
measure();
show(0);
window.addEventListener("resize", () => { measure(); show(0); });
if (steps.length > 1) setInterval(() => { show((current + 1) % steps.length); }, every);

const version = parseInt(body.dataset.version || "0", 10);
const newer = (data) => { if (data && data.version !== version) window.location.reload(); };
// the hall's Wi-Fi blinking is no error to show: the next poll tries again
const polling = () => poll(body.dataset.versionUrl, { every: VERSION_EVERY_MS, onData: newer });
if (body.dataset.socket) {
  follow(body.dataset.socket, {
    onMessage: (message) => { if (message.kind === "standings") newer(message.data); },
    fallback: polling,
  });
} else {
  polling();
}
setTimeout(() => { window.location.reload(); }, RELOAD_ANYWAY_MS);

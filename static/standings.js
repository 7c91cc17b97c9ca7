/* Public standings: sortable columns (standings_sort.js), and a self-refresh when a newer
   snapshot exists. poll.js asks the tiny version endpoint; on a newer version the new standings
   block is swapped in (no full page reload), keeping the reader's chosen sort order. */
import { follow } from "./live_socket.js";
import { poll } from "./poll.js";
import { compareRows, nextDirection, sortValue } from "./standings_sort.js";

let sortKey = null, sortDir = 1;

function applySort(root) {
  if (!sortKey || !root) return;
  const th = root.querySelector('th[data-sort="' + sortKey + '"]');
  const tbody = root.querySelector("table.standings tbody");
  if (!th || !tbody) return;
  const isText = th.dataset.type === "text", index = th.cellIndex;
  const rows = Array.from(tbody.rows).map((tr) => ({
    tr, value: sortValue(tr.cells[index] ? tr.cells[index].textContent : "", isText), place: parseInt(tr.dataset.place, 10),
  }));
  rows.sort((a, b) => compareRows(a, b, sortDir));
  rows.forEach((row) => { tbody.appendChild(row.tr); });
  root.querySelectorAll("th[data-sort]").forEach((h) => { h.removeAttribute("aria-sort"); });
  th.setAttribute("aria-sort", sortDir > 0 ? "ascending" : "descending");
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("th[data-sort] button");
  if (!button) return;
  const th = button.parentElement, key = th.dataset.sort;
  sortDir = nextDirection(key, th.dataset.type === "text", sortKey, sortDir);
  sortKey = key;
  applySort(document.getElementById("standings"));
});

async function swapIfNewer(data) {
  const box = document.getElementById("standings");
  if (!box || !data || !(data.version > parseInt(box.dataset.version, 10))) return;
  const r = await fetch(box.dataset.fragmentUrl, { cache: "no-store" });
  if (!r.ok) return;
  const holder = document.createElement("div");
  holder.innerHTML = await r.text();
  const fresh = holder.querySelector("#standings");
  if (!fresh) return;
  box.replaceWith(fresh);
  applySort(fresh);
  const badge = fresh.querySelector(".fresh");
  if (badge) badge.hidden = false;
}

const initial = document.getElementById("standings");
if (initial) {
  // the browser tests set a shorter wait before the page's script runs
  const every = window.STANDINGS_POLL_MS || parseInt(initial.dataset.pollMs || "5000", 10);
  const polling = () => poll(initial.dataset.versionUrl, { every, first: 0, onData: swapIfNewer });
  if (initial.dataset.socket) {
    // pushed at each new snapshot; polled while the socket is closed
    follow(initial.dataset.socket, {
      onMessage: (message) => { if (message.kind === "standings") swapIfNewer(message.data); },
      fallback: polling,
      onOpen: () => { fetch(initial.dataset.versionUrl, { cache: "no-store" }).then((r) => (r.ok ? r.json() : null)).then(swapIfNewer, () => {}); },
    });
  } else {
    poll(initial.dataset.versionUrl, { every, onData: swapIfNewer });
  }
}

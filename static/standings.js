/* Public standings: sortable columns, and a self-refresh when a newer snapshot exists.
   Polls the tiny version endpoint; on a newer version, swaps in the new standings block
   (no full page reload) and keeps the reader's chosen sort order. */
(function () {
  "use strict";
  var sortKey = null, sortDir = 1;

  function cellValue(tr, index, text) {
    var cell = tr.cells[index];
    var v = cell ? cell.textContent.trim() : "";
    return text ? v.toLocaleLowerCase() : parseFloat(v.replace(",", ".")) || 0;  // "6,56" on a Russian page
  }

  function applySort(root) {
    if (!sortKey || !root) return;
    var th = root.querySelector('th[data-sort="' + sortKey + '"]');
    var tbody = root.querySelector("table.standings tbody");
    if (!th || !tbody) return;
    var text = th.dataset.type === "text", index = th.cellIndex;
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.sort(function (a, b) {
      var x = cellValue(a, index, text), y = cellValue(b, index, text);
      if (x < y) return -sortDir;
      if (x > y) return sortDir;
      return parseInt(a.dataset.place, 10) - parseInt(b.dataset.place, 10);
    });
    rows.forEach(function (tr) { tbody.appendChild(tr); });
    root.querySelectorAll("th[data-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", sortDir > 0 ? "ascending" : "descending");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("th[data-sort] button");
    if (!button) return;
    var th = button.parentElement, key = th.dataset.sort;
    // numbers start high-to-low (except the place), text A-to-Z; a second click reverses
    var first = (key === "place" || th.dataset.type === "text") ? 1 : -1;
    sortDir = key === sortKey ? -sortDir : first;
    sortKey = key;
    applySort(document.getElementById("standings"));
  });

  function schedule(ms) { window.setTimeout(poll, ms); }

  function poll() {
    var box = document.getElementById("standings");
    if (!box) return;
    var every = parseInt(box.dataset.pollMs || "5000", 10);
    if (document.hidden) { schedule(every); return; }
    fetch(box.dataset.versionUrl, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || !(data.version > parseInt(box.dataset.version, 10))) return null;
        return fetch(box.dataset.fragmentUrl, { cache: "no-store" }).then(function (r) { return r.ok ? r.text() : null; });
      })
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#standings");
        if (!fresh) return;
        fresh.dataset.pollMs = box.dataset.pollMs || "";
        box.replaceWith(fresh);
        applySort(fresh);
        var badge = fresh.querySelector(".fresh");
        if (badge) badge.hidden = false;
      })
      .catch(function () { /* offline for a moment: try again on the next tick */ })
      .then(function () { schedule(every); });
  }

  var initial = document.getElementById("standings");
  if (initial) {
    if (window.STANDINGS_POLL_MS) initial.dataset.pollMs = String(window.STANDINGS_POLL_MS);
    schedule(parseInt(initial.dataset.pollMs || "5000", 10));
  }
})();

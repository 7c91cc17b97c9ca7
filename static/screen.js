/* The projector: shows the standings' rows that fit, rotates the panels every `data-every-ms`,
   and reloads the page when the standings' version changes (the seating of a new round comes
   with it) or, failing that, every five minutes. No controls: a hall screen runs unattended. */
(function () {
  "use strict";
  var body = document.body;
  var every = parseInt(body.dataset.everyMs || "15000", 10);
  var panels = Array.prototype.slice.call(document.querySelectorAll(".panel"));
  var current = 0;

  function fitRows() {
    var panel = document.getElementById("panel-standings");
    var rows = panel ? panel.querySelectorAll("tbody tr") : [];
    if (!rows.length) return;
    Array.prototype.forEach.call(rows, function (tr) { tr.hidden = false; });
    var bottom = panel.getBoundingClientRect().bottom;
    Array.prototype.forEach.call(rows, function (tr) {
      if (tr.getBoundingClientRect().bottom > bottom) tr.hidden = true;
    });
  }

  function show(index) {
    panels.forEach(function (p, i) { p.classList.toggle("active", i === index); });
    current = index;
    if (panels[index].id === "panel-standings") fitRows();
  }

  body.classList.add("rotating");
  show(0);
  window.addEventListener("resize", function () { show(current); });
  if (panels.length > 1) {
    window.setInterval(function () { show((current + 1) % panels.length); }, every);
  }

  var version = parseInt(body.dataset.version || "0", 10);
  function poll() {
    fetch(body.dataset.versionUrl, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data && data.version !== version) window.location.reload(); })
      .catch(function () { /* the hall's Wi-Fi blinked: try on the next tick */ });
  }
  window.setInterval(poll, 10000);
  window.setTimeout(function () { window.location.reload(); }, 300000);
})();

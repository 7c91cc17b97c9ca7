/* The projector: shows the standings' rows that fit, rotates the panels every `data-every-ms`,
   and reloads the page when the standings' version changes (the seating of a new round comes
   with it) or, failing that, every five minutes. No controls: a hall screen runs unattended. */
(function () {
  "use strict";
  var body = document.body;
  var every = parseInt(body.dataset.everyMs || "15000", 10);
  var panels = Array.prototype.slice.call(document.querySelectorAll(".panel"));
  var current = 0;

  // The standings are shown a page at a time, as many rows as fit the screen: the rotation goes
  // through every page of the standings (places 1-16, then 17-20, ...) and then the seating.
  var standings = document.getElementById("panel-standings");
  var rows = standings ? Array.prototype.slice.call(standings.querySelectorAll("tbody tr")) : [];
  var pageNote = document.getElementById("screen-page");
  var perPage = rows.length || 1;
  var steps = [];

  function measure() {
    rows.forEach(function (tr) { tr.hidden = false; });
    var wasActive = standings && standings.classList.contains("active");
    if (standings) standings.classList.add("active");
    perPage = rows.length || 1;
    if (rows.length) {
      var bottom = standings.getBoundingClientRect().bottom;
      var fit = rows.filter(function (tr) { return tr.getBoundingClientRect().bottom <= bottom; }).length;
      perPage = Math.max(1, fit);
    }
    if (standings && !wasActive) standings.classList.remove("active");
    steps = [];
    panels.forEach(function (panel) {
      if (panel === standings && rows.length) {
        for (var first = 0; first < rows.length; first += perPage) steps.push({ panel: panel, first: first });
      } else {
        steps.push({ panel: panel, first: 0 });
      }
    });
  }

  function show(index) {
    var step = steps[index];
    panels.forEach(function (p) { p.classList.toggle("active", p === step.panel); });
    current = index;
    if (step.panel === standings && rows.length) {
      var last = Math.min(rows.length, step.first + perPage);
      rows.forEach(function (tr, i) { tr.hidden = i < step.first || i >= last; });
      if (pageNote) {
        pageNote.textContent = perPage < rows.length ? "· " + pageNote.dataset.label
          .replace("%(first)s", step.first + 1).replace("%(last)s", last).replace("%(count)s", rows.length) : "";
      }
    }
  }

  body.classList.add("rotating");
  measure();
  show(0);
  window.addEventListener("resize", function () { measure(); show(0); });
  if (steps.length > 1) {
    window.setInterval(function () { show((current + 1) % steps.length); }, every);
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

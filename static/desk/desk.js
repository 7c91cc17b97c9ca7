/* The desk refreshes its "tables" section by itself: every data-refresh-ms it fetches the
   section's HTML (desk/<slug>/tables/, rendered by the server in the page's language) and swaps
   it in. A failed fetch keeps what is shown and tries again next time. */
(function () {
  "use strict";
  var section = document.querySelector("[data-refresh-url]");
  if (!section || !window.fetch) return;
  var url = section.dataset.refreshUrl;
  var every = parseInt(section.dataset.refreshMs || "5000", 10);
  function refresh() {
    fetch(url, { cache: "no-store", credentials: "same-origin", redirect: "error" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) { section.innerHTML = html; section.dataset.refreshedAt = String(Date.now()); })
      .catch(function () { /* keep the last state */ })
      .then(function () { window.setTimeout(refresh, every); });
  }
  window.setTimeout(refresh, every);
})();

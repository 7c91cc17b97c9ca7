/* The desk refreshes its "tables" section by itself: every data-refresh-ms it fetches the
   section's HTML (desk/<slug>/tables/, rendered by the server in the page's language) and swaps
   it in. A failed fetch keeps what is shown and tries again next time. While the chief judge is
   typing a take-over's reason (a form of the section open or focused) the swap waits, so what is
   typed is never wiped. */
(function () {
  "use strict";
  var section = document.querySelector("[data-refresh-url]");
  if (!section || !window.fetch) return;
  var url = section.dataset.refreshUrl;
  var every = parseInt(section.dataset.refreshMs || "5000", 10);
  function busy() {
    var active = document.activeElement;
    return !!section.querySelector("details[open]") || (active && active !== document.body && section.contains(active) &&
      /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
  }
  function refresh() {
    if (busy()) { window.setTimeout(refresh, every); return; }
    fetch(url, { cache: "no-store", credentials: "same-origin", redirect: "error" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) { section.innerHTML = html; section.dataset.refreshedAt = String(Date.now()); })
      .catch(function () { /* keep the last state */ })
      .then(function () { window.setTimeout(refresh, every); });
  }
  window.setTimeout(refresh, every);
})();

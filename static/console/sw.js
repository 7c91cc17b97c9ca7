/* The console's service worker: the judge's pages reload without a connection.
 *
 * Served by console/offline.py at /judge/console-sw.js (scope /judge/), which writes before this
 * text VERSION (it changes with Pyodide's pin, the core and static/console/*), KEEP (the URLs stored
 * at install: Pyodide's files, the core's zip, static/console/*.js) and PYODIDE_PREFIX.
 *
 *   Pyodide's files     cache first (12 MB, fixed for a VERSION)
 *   console pages       network first, the stored copy when the network fails (only pages whose
 *   and static files    path has /console/: no other judge's page is kept on the device)
 *   anything else       (the console's JSON, POSTs) not touched: static/console/client.js keeps the
 *                       log and its queue in IndexedDB itself
 */
/* global VERSION, KEEP, PYODIDE_PREFIX */
"use strict";

var KEPT = "mafia-console-" + VERSION;
var PAGES = "mafia-console-pages";  // also filled by client.js with the page it runs on

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(KEPT).then(function (cache) { return cache.addAll(KEEP); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("mafia-console-") === 0 && n !== KEPT && n !== PAGES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function (error) {
    // the page varies by language (Vary: Accept-Language, Cookie): the stored copy is the one this
    // judge's browser loaded last, in his language, whatever headers the reload sends
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      if (hit) return hit;
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(PYODIDE_PREFIX) === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  // only the console's pages are kept: a judge's other pages (protocols, the desk) are not stored
  // on the device
  var page = request.mode === "navigate" && /\/console\//.test(url.pathname);
  var kept = KEEP.indexOf(url.pathname) !== -1 || url.pathname.indexOf("/static/") === 0;
  if (page || kept) event.respondWith(networkFirst(request));
});

/* The console's service worker: the judge's pages reload without a connection.
 *
 * Served by console/offline.py at /judge/console-sw.js (scope /judge/), which writes before this
 * text CACHES ({cache name: the URLs it keeps}), KINDS (the names' prefixes), PYODIDE_PREFIX and
 * STDLIB_URL. Each cache is named by what changes its files:
 *
 *   mafia-pyodide-<Pyodide's version>   pyodide.mjs, .asm.js, .asm.wasm, pyodide-lock.json (9.8 MB on
 *                                       the device, 3.1 MB compressed on the wire)
 *   mafia-stdlib-<its hash>             the standard library trimmed to what the console imports (0.7 MB)
 *   mafia-console-<our files' hash>     the core's zip and static/console/*.js
 *
 * Install fills only a cache it does not already hold whole, so a new version of our files (a
 * change of screen.js) downloads our files alone; activate deletes the caches of these kinds that
 * are not the worker's own. Then:
 *
 *   Pyodide's files and     cache first (fixed for their cache's name)
 *   the standard library
 *   console pages           network first, the stored copy when the network fails (only pages whose
 *   and static files        path has /console/: no other judge's page is kept on the device)
 *   anything else           (the console's JSON, POSTs) not touched: static/console/client.js keeps the
 *                           log and its queue in IndexedDB itself
 *
 * The files kept are the same for every language and user, so their lookups ignore the responses'
 * Vary (Django's Accept-Language and Cookie); the pages' lookups do not.
 */
/* global CACHES, KINDS, PYODIDE_PREFIX, STDLIB_URL */
"use strict";

var PAGES = "mafia-console-pages";  // also filled by client.js with the page it runs on
var KEEP = [].concat.apply([], Object.keys(CACHES).map(function (name) { return CACHES[name]; }));
var SAME_FOR_ALL = { ignoreVary: true };

function fill(name, urls) {
  return caches.open(name).then(function (cache) {
    return Promise.all(urls.map(function (url) { return cache.match(url, SAME_FOR_ALL); })).then(function (hits) {
      return cache.addAll(urls.filter(function (url, i) { return !hits[i]; }));
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all(Object.keys(CACHES).map(function (name) { return fill(name, CACHES[name]); })).then(function () {
    return self.skipWaiting();
  }));
});

function stale(name) {
  return name !== PAGES && !Object.prototype.hasOwnProperty.call(CACHES, name) && KINDS.some(function (kind) { return name.indexOf(kind) === 0; });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(stale).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function networkFirst(event, options) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      // the worker is kept alive until the copy is stored: a judge who loses the connection right
      // after the page came must find it stored
      event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.put(request, copy); }));
    }
    return response;
  }, function (error) {
    // the page varies by language (Vary: Accept-Language, Cookie): the stored copy is the one this
    // judge's browser loaded last, in his language, whatever headers the reload sends
    return caches.match(request, Object.assign({ ignoreVary: true }, options)).then(function (hit) {
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
  if (url.pathname.indexOf(PYODIDE_PREFIX) === 0 || url.pathname === STDLIB_URL) {
    event.respondWith(caches.match(request, SAME_FOR_ALL).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  // only the console's pages are kept: a judge's other pages (protocols, the desk) are not stored
  // on the device
  if (request.mode === "navigate" && /\/console\//.test(url.pathname)) event.respondWith(networkFirst(event));
  else if (KEEP.indexOf(url.pathname) !== -1 || url.pathname.indexOf("/static/") === 0) {
    event.respondWith(networkFirst(event, SAME_FOR_ALL));
  }
});

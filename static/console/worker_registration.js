// The console's service worker (/judge/console-sw.js, static/console/sw.js), registered by the
// console's client; then the page and the files it loaded before the worker ran are stored, so that
// the page reloads without a connection. When every one of them is stored, <html> gets
// data-offline-ready (and the window a "console-offline-ready" event): before that a reload without a
// connection may miss a module.
import { offlineTexts } from "./offline_texts.js";

let workerRegistered = false;
export function registerWorker() {
  const nav = navigator;
  if (!nav.serviceWorker || workerRegistered) return;
  workerRegistered = true;
  nav.serviceWorker.register(offlineTexts().worker, { scope: "/judge/" }).then(() => nav.serviceWorker.ready).then(() => {
    // the page and the files it loaded before the worker ran: stored for an offline reload
    const urls = [location.href];
    (performance.getEntriesByType("resource") || []).forEach((e) => {
      const u = new URL(e.name);
      if (u.origin === location.origin && u.pathname.indexOf("/static/") === 0) urls.push(u.href);
    });
    return caches.open("mafia-console-pages").then((cache) => Promise.all(urls.map((u) =>
      fetch(u, { credentials: "same-origin" }).then((r) => { if (r.ok) return cache.put(u, r); }).catch(() => {}))));
  }).then(() => {
    document.documentElement.dataset.offlineReady = "true";
    dispatchEvent(new CustomEvent("console-offline-ready"));
  }).catch(() => {});
}

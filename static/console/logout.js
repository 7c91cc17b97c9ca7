/* The judge's logout clears what the console keeps in this browser (issue 27): the copies of the
 * games and their queues (IndexedDB "mafia-console", static/console/client.js), the console's pages
 * the service worker stored ("mafia-console-pages", static/console/sw.js) and the timers' mirrors
 * (localStorage console-timer-*), so the next person at this device finds no game of this judge.
 *
 * Events still waiting to be sent (entered without a connection, or not stored by the server) would
 * be lost with them: then the logout first asks (#console-logout-waiting), and only "Log out anyway"
 * clears and logs out; "Stay" keeps everything, so the judge can open the console online and send
 * them. The Pyodide files are not personal and stay cached.
 */
const root = window;
const box = document.getElementById("console-logout-waiting");
const form = box && document.querySelector('form[action="' + box.dataset.logout + '"]');
if (form) listen(box, form);

function listen(box, form) {
  const DB = "mafia-console", STORE = "games", PAGES = "mafia-console-pages";

  function exists() {
    // indexedDB.open would make the database; ask first where the browser can tell
    if (!root.indexedDB) return Promise.resolve(false);
    if (!root.indexedDB.databases) return Promise.resolve(true);
    return root.indexedDB.databases().then(function (list) {
      return list.some(function (d) { return d.name === DB; });
    }, function () { return true; });
  }

  // The events this browser holds that the server has not: every game's queue and its unsent.
  function waiting() {
    return exists().then(function (there) {
      if (!there) return 0;
      return new Promise(function (resolve) {
        const open = root.indexedDB.open(DB, 1);
        open.onupgradeneeded = function () { open.result.createObjectStore(STORE); };
        open.onerror = function () { resolve(0); };
        open.onsuccess = function () {
          const conn = open.result;
          let n = 0;
          try {
            const req = conn.transaction(STORE, "readonly").objectStore(STORE).getAll();
            req.onsuccess = function () {
              (req.result || []).forEach(function (rec) { n += (rec.queue || []).length + (rec.unsent || []).length; });
              conn.close();
              resolve(n);
            };
            req.onerror = function () { conn.close(); resolve(0); };
          } catch (e) { conn.close(); resolve(0); }
        };
      });
    });
  }

  function clear() {
    const jobs = [];
    jobs.push(new Promise(function (resolve) {
      if (!root.indexedDB) { resolve(); return; }
      const del = root.indexedDB.deleteDatabase(DB);
      del.onsuccess = del.onerror = function () { resolve(); };
      // a console still open in another tab holds the database: it is deleted when that tab closes
      del.onblocked = function () { root.setTimeout(resolve, 300); };
    }));
    if (root.caches) jobs.push(root.caches.delete(PAGES).catch(function () {}));
    try {
      Object.keys(root.localStorage).forEach(function (k) { if (k.indexOf("console-timer-") === 0) root.localStorage.removeItem(k); });
    } catch (e) { /* no storage: nothing kept */ }
    return Promise.all(jobs);
  }

  function logOut() {
    form.dataset.cleared = "yes";
    clear().then(function () { form.submit(); }, function () { form.submit(); });
  }

  form.addEventListener("submit", function (e) {
    if (form.dataset.cleared === "yes") return;
    e.preventDefault();
    waiting().then(function (n) {
      if (!n) { logOut(); return; }
      box.querySelector(".console-logout-text").textContent = box.dataset.text.replace("{n}", String(n));
      box.hidden = false;
      root.document.getElementById("console-logout-stay").focus();
    }, logOut);
  });
  root.document.getElementById("console-logout-anyway").addEventListener("click", logOut);
  root.document.getElementById("console-logout-stay").addEventListener("click", function () { box.hidden = true; });
}

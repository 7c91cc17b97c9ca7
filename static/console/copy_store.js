// The browser's copy of each game's log and its queue: IndexedDB "mafia-console", one record per
// game URL (queue.js says what a record holds). Tabs take a Web Lock per game for every change of
// the copy, so two tabs never send one queue twice.
import { emptyRecord } from "./queue.js";

const DB = "mafia-console", STORE = "games";

let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const open = indexedDB.open(DB, 1);
      open.onupgradeneeded = () => { open.result.createObjectStore(STORE); };
      open.onsuccess = () => {
        // the logout deletes the database (static/console/logout.js): this tab lets go of it
        open.result.onversionchange = () => { open.result.close(); dbPromise = null; };
        resolve(open.result);
      };
      open.onerror = () => { reject(open.error); };
    });
  }
  return dbPromise;
}

function idb(mode, fn) {
  return db().then((conn) => new Promise((resolve, reject) => {
    const tx = conn.transaction(STORE, mode);
    let result;
    const req = fn(tx.objectStore(STORE));
    if (req) req.onsuccess = () => { result = req.result; };
    tx.oncomplete = () => { resolve(result); };
    tx.onerror = tx.onabort = () => { reject(tx.error); };
  }));
}

export function readRecord(key) {
  return idb("readonly", (s) => s.get(key)).then((rec) => rec || emptyRecord());
}

export function writeRecord(key, rec) {
  return idb("readwrite", (s) => s.put(rec, key));
}

export function withLock(name, fn) {
  if (navigator.locks && navigator.locks.request) return navigator.locks.request(name, fn);
  return fn();
}

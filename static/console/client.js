/* The console's connection to the server, which never loses an event (issue 27, item 5).
 *
 *   var client = new ConsoleClient(url, csrfToken)   url: the game's /judge/games/<id>/console/
 *   client.load()        → Promise<view>  the server's view, or offline the browser's copy + queue
 *   client.send(event)   → Promise<{status: "stored", view}     the server stored it
 *                                 | {status: "queued", view}     no connection: checked here by the
 *                                                                same rules (MafiaEngine) and queued
 *                                 | {status: "refused", error, view}   by the server or, offline,
 *                                                                by the same core here (not queued)
 *                                 | {status: "conflict", view}>  another screen stored an event
 *                                                                first: this is the game now
 *   client.onStatus(cb)  cb({online, waiting, login, stopped}) on every change
 *   client.onView(cb)    cb(view) when the game changed underneath (a flush, another tab)
 *   client.timer(body)   → Promise<{clock}>  the stored timer's door (console/timer.py), 200 or 409
 *                                            (another turn: the current clock); rejected without a
 *                                            connection, and the screen keeps the timer locally
 *
 * The log's copy: IndexedDB "mafia-console", one record per game URL: `doc` (the server's log as
 * last seen, header and events) and `queue` (events entered offline, in order: queue[i] goes at
 * index doc.events.length + i). Online, an event is POSTed at once with the index this screen
 * showed; the server appends it only there (else 409). Without a connection (fetch fails, a 5xx, or
 * navigator.onLine false) the event is replayed here with the log and the queue by the Python core
 * under Pyodide (static/console/engine.js): refused with the server's code and clause, or queued.
 * When the connection returns (the "online" event, a retry every few seconds) the queue is sent in
 * order; events whose answer was lost but which the server stored are recognised in its log, not
 * sent twice. A conflict or a refusal stops the flush: the server's state is shown and the events
 * not stored are kept in `unsent` (status.stopped). An expired session (403 "login") keeps the queue
 * and shows a link to the login page (?next= this page); back here the queue is sent. Tabs take a
 * Web Lock per game for every change of the copy, so two tabs never send one queue twice.
 *
 * Texts come from the page (templates/console/_offline.html, #console-offline data-*), in the
 * page's language; the service worker (/judge/console-sw.js) is registered from here.
 */
(function (root) {
  "use strict";

  var DB = "mafia-console", STORE = "games", RETRY_MS = 4000;

  function texts() {
    var el = root.document && root.document.getElementById("console-offline");
    var d = el ? el.dataset : {};
    return {
      refused: d.refused || "%(rule)s (%(code)s)",
      login: d.login || "Log in again",
      loginUrl: d.loginUrl || "/judge/login/",
      worker: d.worker || "/judge/console-sw.js",
    };
  }

  function fill(format, values) {
    return format.replace(/%\((\w+)\)s/g, function (_, k) { return values[k] == null ? "" : String(values[k]); });
  }

  function canonical(value) {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (k) { return JSON.stringify(k) + ":" + canonical(value[k]); }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  // -- IndexedDB, as small promises
  var dbPromise = null;
  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = root.indexedDB.open(DB, 1);
        open.onupgradeneeded = function () { open.result.createObjectStore(STORE); };
        open.onsuccess = function () {
          // the logout deletes the database (static/console/logout.js): this tab lets go of it
          open.result.onversionchange = function () { open.result.close(); dbPromise = null; };
          resolve(open.result);
        };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }
  function idb(mode, fn) {
    return db().then(function (conn) {
      return new Promise(function (resolve, reject) {
        var tx = conn.transaction(STORE, mode), result;
        var req = fn(tx.objectStore(STORE));
        if (req) req.onsuccess = function () { result = req.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function getRecord(key) { return idb("readonly", function (s) { return s.get(key); }); }
  function putRecord(key, rec) { return idb("readwrite", function (s) { return s.put(rec, key); }); }

  function withLock(name, fn) {
    if (root.navigator.locks && root.navigator.locks.request) return root.navigator.locks.request(name, fn);
    return fn();
  }

  function cookie(name) {
    var m = root.document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null;
  }

  function ConsoleClient(url, csrfToken) {
    if (!(this instanceof ConsoleClient)) return new ConsoleClient(url, csrfToken);
    this.url = new URL(url, root.location.href).pathname;
    this.logUrl = this.url.replace(/\/?$/, "/") + "log/";
    this.csrfToken = csrfToken;
    this.key = this.url;
    this.index = null;                 // the index of the view this screen shows
    this.status = { online: root.navigator.onLine !== false, waiting: 0, login: false, stopped: null };
    this.statusListeners = [];
    this.viewListeners = [];
    var self = this;
    root.addEventListener("online", function () { self.flush(); });
    root.addEventListener("offline", function () { self.setStatus({ online: false }); });
    root.addEventListener("focus", function () { if (self.status.waiting) self.flush(); });
    this.retry = root.setInterval(function () { if (self.status.waiting && !self.status.login) self.flush(); }, RETRY_MS);
    registerWorker();
  }

  ConsoleClient.prototype.onStatus = function (cb) { this.statusListeners.push(cb); cb(Object.assign({}, this.status)); };
  ConsoleClient.prototype.onView = function (cb) { this.viewListeners.push(cb); };

  ConsoleClient.prototype.setStatus = function (change) {
    var before = canonical(this.status);
    Object.assign(this.status, change);
    if (canonical(this.status) === before) return;
    var copy = Object.assign({}, this.status);
    this.statusListeners.forEach(function (cb) { cb(copy); });
    if ("login" in change || this.status.login) showLogin(this.status.login, this.status.waiting);
  };

  ConsoleClient.prototype.showView = function (view) {
    this.index = view.index;
    this.viewListeners.forEach(function (cb) { cb(view); });
  };

  // -- the network: every answer sorted into what it means for the queue
  ConsoleClient.prototype.request = function (method, url, body) {
    var headers = { "Accept": "application/json" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      headers["X-CSRFToken"] = cookie("csrftoken") || this.csrfToken;
    }
    if (root.navigator.onLine === false) return Promise.resolve({ kind: "offline" });
    return root.fetch(url, {
      method: method, headers: headers, credentials: "same-origin", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (r) {
      if (r.redirected && /\/login\//.test(r.url)) return { kind: "login" };
      var type = r.headers.get("Content-Type") || "";
      if (r.status >= 500 || type.indexOf("json") === -1) return { kind: r.status >= 500 ? "offline" : "login" };
      return r.json().then(function (data) {
        var code = data.error && data.error.code;
        if (r.status === 200) return { kind: "ok", data: data };
        if (r.status === 409) return { kind: "conflict", data: data };
        if (r.status === 403 && code === "login") return { kind: "login", data: data };
        if (r.status === 403) return { kind: "forbidden", data: data };
        return { kind: "refused", data: data };
      });
    }, function () { return { kind: "offline" }; });
  };

  function viewOf(data) {
    var v = Object.assign({}, data);
    delete v.error; delete v.log; delete v.protocol_problems;
    return v;
  }

  ConsoleClient.prototype.record = function () {
    var self = this;
    return getRecord(this.key).then(function (rec) { return rec || { doc: null, queue: [], unsent: [] }; });
  };
  ConsoleClient.prototype.save = function (rec) {
    this.setStatus({ waiting: rec.queue.length });
    return putRecord(this.key, rec);
  };

  // The browser's view of the copy and its queue, from the Python core under Pyodide.
  ConsoleClient.prototype.localView = function (rec, extra) {
    return root.MafiaEngine.ready.then(function (engine) {
      var events = rec.doc.events.concat(rec.queue, extra ? [extra] : []);
      var v = engine.view(Object.assign({}, rec.doc, { events: events }));
      v.index = rec.doc.events.length + rec.queue.length;
      v.local = true;
      return v;
    });
  };

  // The server's log over the copy: queued events the server already holds (an answer lost on the
  // way back) leave the queue; the rest stay queued only if the server's log is the copy's plus them.
  function reconcile(rec, serverDoc) {
    var mine = rec.doc ? rec.doc.events.length : 0;
    var extra = serverDoc.events.slice(mine);
    var same = rec.doc === null || canonical(serverDoc.events.slice(0, mine)) === canonical(rec.doc.events);
    var k = 0;
    while (same && k < extra.length && k < rec.queue.length && canonical(extra[k]) === canonical(rec.queue[k])) k += 1;
    rec.doc = serverDoc;
    if (same && k === extra.length) {
      rec.queue = rec.queue.slice(k);
      return true;  // the queue still follows the server's log
    }
    return false;
  }

  ConsoleClient.prototype.load = function () {
    var self = this;
    this.engineWarm();
    return withLock("mafia-console:" + this.key, function () {
      return Promise.all([self.record(), self.request("GET", self.logUrl)]).then(function (both) {
        var rec = both[0], answer = both[1];
        if (answer.kind === "ok") {
          self.setStatus({ online: true, login: false });
          var follows = reconcile(rec, answer.data.log);
          if (!follows) {  // the game went on elsewhere: what was queued here is kept, not sent
            rec.unsent = (rec.unsent || []).concat(rec.queue);
            rec.queue = [];
            self.setStatus({ stopped: { status: "conflict", error: null, unsent: rec.unsent.slice() } });
          }
          return self.save(rec).then(function () {
            if (!rec.queue.length) { self.index = answer.data.index; return viewOf(answer.data); }
            return self.localView(rec);
          });
        }
        if (answer.kind === "login") self.setStatus({ login: true, online: true });
        else if (answer.kind === "offline") self.setStatus({ online: false });
        else throw Object.assign(new Error("console: " + answer.kind), { answer: answer });
        if (!rec.doc) throw new Error("console: no connection, and this browser has no copy of the game yet");
        self.setStatus({ waiting: rec.queue.length });
        return self.localView(rec);
      });
    }).then(function (view) {
      self.index = view.index;
      if (self.status.waiting) self.flush();
      return view;
    });
  };

  ConsoleClient.prototype.engineWarm = function () {
    // the rules are loaded in the background, so the first event without a connection waits for
    // nothing (the files come from the service worker's cache)
    var start = function () { if (root.MafiaEngine) root.MafiaEngine.ready.catch(function () {}); };
    if (root.requestIdleCallback) root.requestIdleCallback(start, { timeout: 3000 }); else root.setTimeout(start, 500);
  };

  ConsoleClient.prototype.send = function (event) {
    var self = this;
    return withLock("mafia-console:" + this.key, function () {
      return self.record().then(function (rec) {
        var expected = self.index;
        if (!rec.queue.length && !self.status.login && root.navigator.onLine !== false) {
          return self.request("POST", self.url, { index: expected, event: event }).then(function (answer) {
            if (answer.kind === "ok") {
              self.setStatus({ online: true });
              var stored = function () { return { status: "stored", view: viewOf(answer.data) }; };
              if (rec.doc && rec.doc.events.length === expected) {
                rec.doc.events.push(event);
                return self.save(rec).then(stored);
              }
              return self.refresh(rec).then(stored);  // the copy was behind (another tab): read it again
            }
            if (answer.kind === "conflict") {
              self.setStatus({ online: true });
              return self.refresh(rec).then(function () { return { status: "conflict", view: viewOf(answer.data) }; });
            }
            if (answer.kind === "refused" || answer.kind === "forbidden") {
              self.setStatus({ online: true });
              return { status: "refused", error: answer.data.error, view: viewOf(answer.data) };
            }
            if (answer.kind === "login") self.setStatus({ login: true, online: true });
            else self.setStatus({ online: false });
            return self.enqueue(rec, expected, event);
          });
        }
        return self.enqueue(rec, expected, event);
      });
    }).then(function (result) {
      if (result.view && result.view.index != null) self.index = result.view.index;
      return result;
    });
  };

  // Offline (or behind a waiting queue): the same rules here, then the queue.
  ConsoleClient.prototype.enqueue = function (rec, expected, event) {
    var self = this;
    if (!rec.doc) return Promise.reject(new Error("console: no copy of the game to play offline"));
    var at = rec.doc.events.length + rec.queue.length;
    if (expected !== at) {  // another tab moved the game on: this screen was behind
      return this.localView(rec).then(function (view) { return { status: "conflict", view: view }; });
    }
    return this.localView(rec, event).then(function (checked) {
      var refusal = checked.refused;
      if (refusal && refusal.index === at) {
        delete checked.refused;
        checked.index = at;
        var error = Object.assign({ message: fill(texts().refused, refusal) }, refusal);
        return { status: "refused", error: error, view: checked };
      }
      rec.queue.push(event);
      delete checked.refused;
      checked.index = at + 1;
      return self.save(rec).then(function () { return { status: "queued", view: checked }; });
    }, function () {
      // the rules could not be loaded here (never cached, no connection): the event is kept all the
      // same, unchecked; the server checks it when the queue is sent
      rec.queue.push(event);
      self.index = at + 1;
      return self.save(rec).then(function () { return { status: "queued", view: null, unchecked: true }; });
    });
  };

  ConsoleClient.prototype.refresh = function (rec) {
    var self = this;
    return this.request("GET", this.logUrl).then(function (answer) {
      if (answer.kind !== "ok") return rec;
      reconcile(rec, answer.data.log);
      return self.save(rec).then(function () { return rec; });
    });
  };

  // Send the queue in order, one event at a time at the index the server expects.
  ConsoleClient.prototype.flush = function () {
    var self = this;
    if (this.flushing) return this.flushing;
    this.flushing = withLock("mafia-console:" + this.key, function () {
      return self.record().then(function step(rec) {
        if (!rec.queue.length || !rec.doc) { self.setStatus({ waiting: rec.queue.length }); return null; }
        var index = rec.doc.events.length, event = rec.queue[0];
        return self.request("POST", self.url, { index: index, event: event }).then(function (answer) {
          if (answer.kind === "ok") {
            self.setStatus({ online: true, login: false });
            rec.doc.events.push(event);
            rec.queue.shift();
            return self.save(rec).then(function () {
              if (!rec.queue.length) self.showView(viewOf(answer.data));
              return step(rec);
            });
          }
          if (answer.kind === "conflict") {
            self.setStatus({ online: true, login: false });
            return self.request("GET", self.logUrl).then(function (fresh) {
              if (fresh.kind === "ok" && reconcile(rec, fresh.data.log)) {
                return self.save(rec).then(function () {
                  if (!rec.queue.length) self.showView(viewOf(fresh.data));
                  return step(rec);
                });  // they were ours: stored already
              }
              return self.stop(rec, "conflict", null, fresh.kind === "ok" ? viewOf(fresh.data) : viewOf(answer.data));
            });
          }
          if (answer.kind === "refused") return self.stop(rec, "refused", answer.data.error, viewOf(answer.data));
          if (answer.kind === "login") { self.setStatus({ login: true, online: true }); return null; }
          if (answer.kind === "forbidden") { self.setStatus({ online: true, stopped: { status: "forbidden", error: answer.data.error } }); return null; }
          self.setStatus({ online: false });
          return null;
        });
      });
    }).then(function (x) { self.flushing = null; return x; }, function (e) { self.flushing = null; throw e; });
    return this.flushing;
  };

  ConsoleClient.prototype.stop = function (rec, status, error, view) {
    var self = this;
    rec.unsent = (rec.unsent || []).concat(rec.queue);
    rec.queue = [];
    return this.save(rec).then(function () {
      self.setStatus({ online: true, stopped: { status: status, error: error, unsent: rec.unsent.slice() } });
      self.showView(view);
      return null;
    });
  };

  // The timer is not queued: a deadline entered offline is the browser's (screen.js keeps it in
  // localStorage) until the next load reads the server's again.
  ConsoleClient.prototype.timer = function (body) {
    var self = this;
    var url = this.url.replace(/\/?$/, "/") + "timer/";
    return this.request("POST", url, body).then(function (answer) {
      if (answer.kind === "ok" || answer.kind === "conflict") { self.setStatus({ online: true }); return answer.data; }
      if (answer.kind === "login") self.setStatus({ login: true, online: true });
      else if (answer.kind === "offline") self.setStatus({ online: false });
      throw Object.assign(new Error("console timer: " + answer.kind), { answer: answer });
    });
  };

  ConsoleClient.prototype.unsent = function () {
    return this.record().then(function (rec) { return rec.unsent || []; });
  };

  // -- the login prompt of an expired session (the queue stays in IndexedDB meanwhile)
  function showLogin(on, waiting) {
    var doc = root.document;
    var box = doc.getElementById("console-login");
    if (!on) { if (box) box.hidden = true; return; }
    var t = texts();
    if (!box) {
      box = doc.createElement("div");
      box.id = "console-login";
      box.setAttribute("role", "alertdialog");
      var link = doc.createElement("a");
      link.id = "console-login-link";
      box.appendChild(link);
      doc.body.appendChild(box);
    }
    var a = box.querySelector("a");
    a.textContent = fill(t.login, { waiting: waiting });
    a.href = t.loginUrl + "?next=" + encodeURIComponent(root.location.pathname + root.location.search);
    box.hidden = false;
  }

  function registerWorker() {
    var nav = root.navigator;
    if (!nav.serviceWorker || registerWorker.done) return;
    registerWorker.done = true;
    nav.serviceWorker.register(texts().worker, { scope: "/judge/" }).then(function () {
      return nav.serviceWorker.ready;
    }).then(function () {
      // the page and the files it loaded before the worker ran: stored for an offline reload
      var urls = [root.location.href];
      (root.performance.getEntriesByType("resource") || []).forEach(function (e) {
        var u = new URL(e.name);
        if (u.origin === root.location.origin && u.pathname.indexOf("/static/") === 0) urls.push(u.href);
      });
      return root.caches.open("mafia-console-pages").then(function (cache) {
        return Promise.all(urls.map(function (u) {
          return root.fetch(u, { credentials: "same-origin" }).then(function (r) { if (r.ok) return cache.put(u, r); })
            .catch(function () {});
        }));
      });
    }).then(function () { root.dispatchEvent(new root.CustomEvent("console-offline-ready")); }).catch(function () {});
  }

  root.ConsoleClient = ConsoleClient;
})(window);

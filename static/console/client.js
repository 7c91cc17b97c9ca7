/* The console's connection to the server, which never loses an event (issue 27, item 5).
 *
 *   const client = new ConsoleClient(url, csrfToken)   url: the game's /judge/games/<id>/console/
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
 * The log's copy is kept in IndexedDB (copy_store.js); what a record holds and how the server's log
 * is laid over it is queue.js. Online, an event is POSTed at once with the index this screen
 * showed; the server appends it only there (else 409). Without a connection (fetch fails, a 5xx, or
 * navigator.onLine false) the event is replayed here with the log and the queue by the Python core
 * under Pyodide (static/console/engine.js, window.MafiaEngine): refused with the server's code and
 * clause, or queued. When the connection returns (the "online" event, a retry every few seconds)
 * the queue is sent in order; events whose answer was lost but which the server stored are
 * recognised in its log, not sent twice. A conflict or a refusal stops the flush: the server's
 * state is shown and the events not stored are kept in `unsent` (status.stopped). An expired
 * session (403 "login") keeps the queue and shows a link to the login page (?next= this page); back
 * here the queue is sent.
 *
 * Texts come from the page (offline_texts.js; a refusal's words, refusal_words.js), in the page's
 * language; the login prompt is
 * login_prompt.js, and the service worker (/judge/console-sw.js) is registered from here
 * (worker_registration.js).
 */
import { answerKind, viewOf } from "./answers.js";
import { readRecord, withLock, writeRecord } from "./copy_store.js";
import { showLogin } from "./login_prompt.js";
import { canonical, firstStored, nextIndex, reconcile, setAside } from "./queue.js";
import { refusalCatalogue, refusalSentence } from "./refusal_words.js";
import { registerWorker } from "./worker_registration.js";

const RETRY_MS = 4000;

function cookie(name) {
  const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
  return m ? decodeURIComponent(m[1]) : null;
}

export class ConsoleClient {
  constructor(url, csrfToken) {
    this.url = new URL(url, location.href).pathname;
    this.logUrl = this.url.replace(/\/?$/, "/") + "log/";
    this.csrfToken = csrfToken;
    this.key = this.url;
    this.index = null;                 // the index of the view this screen shows
    this.status = { online: navigator.onLine !== false, waiting: 0, login: false, stopped: null };
    this.statusListeners = [];
    this.viewListeners = [];
    this.flushing = null;
    addEventListener("online", () => { this.flush(); });
    addEventListener("offline", () => { this.setStatus({ online: false }); });
    addEventListener("focus", () => { if (this.status.waiting) this.flush(); });
    this.retry = setInterval(() => { if (this.status.waiting && !this.status.login) this.flush(); }, RETRY_MS);
    registerWorker();
  }

  onStatus(cb) { this.statusListeners.push(cb); cb({ ...this.status }); }
  onView(cb) { this.viewListeners.push(cb); }

  setStatus(change) {
    const before = canonical(this.status);
    Object.assign(this.status, change);
    if (canonical(this.status) === before) return;
    const copy = { ...this.status };
    this.statusListeners.forEach((cb) => cb(copy));
    if ("login" in change || this.status.login) showLogin(this.status.login, this.status.waiting);
  }

  showView(view) {
    this.index = view.index;
    this.viewListeners.forEach((cb) => cb(view));
  }

  lock(fn) { return withLock("mafia-console:" + this.key, fn); }

  // -- the network: every answer sorted into what it means for the queue (answers.js)
  async request(method, url, body) {
    const headers = { "Accept": "application/json" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      headers["X-CSRFToken"] = cookie("csrftoken") || this.csrfToken;
    }
    if (navigator.onLine === false) return { kind: "offline" };
    let r;
    try {
      r = await fetch(url, {
        method, headers, credentials: "same-origin", cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return { kind: "offline" };
    }
    const meta = { status: r.status, contentType: r.headers.get("Content-Type"), loginRedirect: r.redirected && /\/login\//.test(r.url) };
    const json = (meta.contentType || "").indexOf("json") !== -1;
    if (meta.loginRedirect || meta.status >= 500 || !json) return { kind: answerKind(meta) };
    let data;
    try { data = await r.json(); } catch { return { kind: "offline" }; }
    return { kind: answerKind(meta, data), data };
  }

  record() { return readRecord(this.key); }

  save(rec) {
    this.setStatus({ waiting: rec.queue.length });
    return writeRecord(this.key, rec);
  }

  // The browser's view of the copy and its queue, from the Python core under Pyodide.
  async localView(rec, extra) {
    const engine = await window.MafiaEngine.ready;
    const events = rec.doc.events.concat(rec.queue, extra ? [extra] : []);
    const v = engine.view({ ...rec.doc, events });
    v.index = nextIndex(rec);
    v.local = true;
    return v;
  }

  async load() {
    this.engineWarm();
    const view = await this.lock(async () => {
      const [stored, answer] = await Promise.all([this.record(), this.request("GET", this.logUrl)]);
      let rec = stored;
      if (answer.kind === "ok") {
        this.setStatus({ online: true, login: false });
        const laid = reconcile(rec, answer.data.log);
        rec = laid.rec;
        if (!laid.follows) {  // the game went on elsewhere: what was queued here is kept, not sent
          rec = setAside(rec);
          this.setStatus({ stopped: { status: "conflict", error: null, unsent: rec.unsent.slice() } });
        }
        await this.save(rec);
        if (!rec.queue.length) { this.index = answer.data.index; return viewOf(answer.data); }
        return this.localView(rec);
      }
      if (answer.kind === "login") this.setStatus({ login: true, online: true });
      else if (answer.kind === "offline") this.setStatus({ online: false });
      else throw Object.assign(new Error("console: " + answer.kind), { answer });
      if (!rec.doc) throw new Error("console: no connection, and this browser has no copy of the game yet");
      this.setStatus({ waiting: rec.queue.length });
      return this.localView(rec);
    });
    this.index = view.index;
    if (this.status.waiting) this.flush();
    return view;
  }

  engineWarm() {
    // the rules are loaded in the background, so the first event without a connection waits for
    // nothing (the files come from the service worker's cache)
    const start = () => { if (window.MafiaEngine) window.MafiaEngine.ready.catch(() => {}); };
    if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 3000 }); else setTimeout(start, 500);
  }

  async send(event) {
    const result = await this.lock(async () => {
      const rec = await this.record();
      const expected = this.index;
      if (rec.queue.length || this.status.login || navigator.onLine === false) return this.enqueue(rec, expected, event);
      const answer = await this.request("POST", this.url, { index: expected, event });
      if (answer.kind === "ok") {
        this.setStatus({ online: true });
        if (rec.doc && rec.doc.events.length === expected) {
          await this.save({ ...rec, doc: { ...rec.doc, events: rec.doc.events.concat([event]) } });
        } else {
          await this.refresh(rec);  // the copy was behind (another tab): read it again
        }
        return { status: "stored", view: viewOf(answer.data) };
      }
      if (answer.kind === "conflict") {
        this.setStatus({ online: true });
        await this.refresh(rec);
        return { status: "conflict", view: viewOf(answer.data) };
      }
      if (answer.kind === "refused" || answer.kind === "forbidden") {
        this.setStatus({ online: true });
        return { status: "refused", error: answer.data.error, view: viewOf(answer.data) };
      }
      if (answer.kind === "login") this.setStatus({ login: true, online: true });
      else this.setStatus({ online: false });
      return this.enqueue(rec, expected, event);
    });
    if (result.view && result.view.index != null) this.index = result.view.index;
    return result;
  }

  // Offline (or behind a waiting queue): the same rules here, then the queue.
  async enqueue(rec, expected, event) {
    if (!rec.doc) throw new Error("console: no copy of the game to play offline");
    const at = nextIndex(rec);
    if (expected !== at) {  // another tab moved the game on: this screen was behind
      return { status: "conflict", view: await this.localView(rec) };
    }
    const queued = { ...rec, queue: rec.queue.concat([event]) };
    let checked;
    try {
      checked = await this.localView(rec, event);
    } catch {
      // the rules could not be loaded here (never cached, no connection): the event is kept all the
      // same, unchecked; the server checks it when the queue is sent
      this.index = at + 1;
      await this.save(queued);
      return { status: "queued", view: null, unchecked: true };
    }
    const refusal = checked.refused;
    delete checked.refused;
    if (refusal && refusal.index === at) {
      checked.index = at;
      // worded as the server words it, in the page's language (refusal_words.js)
      const error = { ...refusal, message: refusalSentence(refusalCatalogue(document), refusal) };
      return { status: "refused", error, view: checked };
    }
    checked.index = at + 1;
    await this.save(queued);
    return { status: "queued", view: checked };
  }

  async refresh(rec) {
    const answer = await this.request("GET", this.logUrl);
    if (answer.kind !== "ok") return rec;
    const laid = reconcile(rec, answer.data.log).rec;
    await this.save(laid);
    return laid;
  }

  // Send the queue in order, one event at a time at the index the server expects.
  flush() {
    if (this.flushing) return this.flushing;
    const step = async (rec) => {
      if (!rec.queue.length || !rec.doc) { this.setStatus({ waiting: rec.queue.length }); return null; }
      const answer = await this.request("POST", this.url, { index: rec.doc.events.length, event: rec.queue[0] });
      if (answer.kind === "ok") {
        this.setStatus({ online: true, login: false });
        const next = firstStored(rec);
        await this.save(next);
        if (!next.queue.length) this.showView(viewOf(answer.data));
        return step(next);
      }
      if (answer.kind === "conflict") {
        this.setStatus({ online: true, login: false });
        const fresh = await this.request("GET", this.logUrl);
        if (fresh.kind === "ok") {
          const laid = reconcile(rec, fresh.data.log);
          if (laid.follows) {  // they were ours: stored already
            await this.save(laid.rec);
            if (!laid.rec.queue.length) this.showView(viewOf(fresh.data));
            return step(laid.rec);
          }
          return this.stop(laid.rec, "conflict", null, viewOf(fresh.data));
        }
        return this.stop(rec, "conflict", null, viewOf(answer.data));
      }
      if (answer.kind === "refused") return this.stop(rec, "refused", answer.data.error, viewOf(answer.data));
      if (answer.kind === "login") { this.setStatus({ login: true, online: true }); return null; }
      if (answer.kind === "forbidden") { this.setStatus({ online: true, stopped: { status: "forbidden", error: answer.data.error } }); return null; }
      this.setStatus({ online: false });
      return null;
    };
    this.flushing = this.lock(async () => step(await this.record())).finally(() => { this.flushing = null; });
    return this.flushing;
  }

  async stop(rec, status, error, view) {
    const aside = setAside(rec);
    await this.save(aside);
    this.setStatus({ online: true, stopped: { status, error, unsent: aside.unsent.slice() } });
    this.showView(view);
    return null;
  }

  // The timer is not queued: a deadline entered offline is the browser's (timer_panel.js keeps it
  // in localStorage) until the next load reads the server's again.
  async timer(body) {
    const answer = await this.request("POST", this.url.replace(/\/?$/, "/") + "timer/", body);
    if (answer.kind === "ok" || answer.kind === "conflict") { this.setStatus({ online: true }); return answer.data; }
    if (answer.kind === "login") this.setStatus({ login: true, online: true });
    else if (answer.kind === "offline") this.setStatus({ online: false });
    throw Object.assign(new Error("console timer: " + answer.kind), { answer });
  }

  async unsent() {
    return (await this.record()).unsent || [];
  }
}

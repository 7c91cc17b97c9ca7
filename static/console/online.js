// The console's network part: every request of the judge's screen goes through here.
// window.ConsoleClient(url, csrfToken): url is the game's console endpoint (console/views.py).
//   load()        -> Promise<view>                       the current view (GET)
//   send(event)   -> Promise<{status: "stored", view} | {status: "refused", error, view} | {status: "conflict", view}>
//                    the event is sent with the index of the last view seen, so that a second tab or a
//                    stale screen gets a conflict and the current game instead of forking it
//   onStatus(cb)  -> cb({online: bool, waiting: int}) now and on every change
//   timer(body)   -> Promise<{clock}>                    the stored timer's door (console/timer.py);
//                    a screen without it keeps the timer in the browser only
// This one is online only: without a connection send() rejects and nothing waits (waiting = 0
// unless a request is in flight). An offline client with a queue offers the same interface.
(function () {
  "use strict";

  window.ConsoleClient = function (url, csrfToken) {
    var listeners = [];
    var status = {online: navigator.onLine !== false, waiting: 0};
    var index = null;
    var timerUrl = url.replace(/\/?$/, "/") + "timer/";

    function emit(changes) {
      var changed = false;
      Object.keys(changes).forEach(function (k) { if (status[k] !== changes[k]) { status[k] = changes[k]; changed = true; } });
      if (changed) listeners.forEach(function (cb) { cb({online: status.online, waiting: status.waiting}); });
    }

    function request(target, method, body, counted) {
      if (counted) emit({waiting: status.waiting + 1});
      var done = function () { if (counted) emit({waiting: Math.max(0, status.waiting - 1)}); };
      return fetch(target, {
        method: method, credentials: "same-origin", cache: "no-store",
        headers: {"Accept": "application/json", "Content-Type": "application/json", "X-CSRFToken": csrfToken},
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(function (response) {
        done();
        emit({online: true});
        return response.json().catch(function () { return {}; }).then(function (data) {
          return {code: response.status, data: data};
        });
      }, function (error) {
        done();
        emit({online: false});
        throw error;
      });
    }

    function seen(view) {
      if (view && typeof view.index === "number") index = view.index;
      return view;
    }

    function failure(r) {
      var error = new Error((r.data && r.data.error && r.data.error.message) || ("HTTP " + r.code));
      error.status = r.code;
      error.body = r.data;
      return error;
    }

    this.load = function () {
      return request(url, "GET").then(function (r) {
        if (r.code !== 200) throw failure(r);
        return seen(r.data);
      });
    };

    this.send = function (event) {
      var self = this;
      var go = index === null ? self.load() : Promise.resolve();
      return go.then(function () { return request(url, "POST", {index: index, event: event}, true); }).then(function (r) {
        var view = r.data && typeof r.data.index === "number" ? r.data : null;
        if (r.code === 200) return {status: "stored", view: seen(view)};
        if (r.code === 409) return {status: "conflict", view: seen(view)};
        if (r.code === 400) return {status: "refused", error: r.data.error || {}, view: seen(view)};
        throw failure(r);
      });
    };

    this.timer = function (body) {
      return request(timerUrl, "POST", body).then(function (r) {
        if (r.code === 200 || r.code === 409) return r.data;
        throw failure(r);
      });
    };

    this.onStatus = function (cb) {
      listeners.push(cb);
      cb({online: status.online, waiting: status.waiting});
    };

    window.addEventListener("online", function () { emit({online: true}); });
    window.addEventListener("offline", function () { emit({online: false}); });
  };
})();

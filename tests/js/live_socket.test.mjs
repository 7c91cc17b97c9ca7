// Push first, polling behind it (static/live_socket.js), with a fake WebSocket and clock.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { follow, REFUSED, retryDelay, socketUrl } from "../../static/live_socket.js";

function fakeEnv() {
  const env = {
    now: 0, timers: [], sockets: [], polls: [],
    location: { protocol: "https:", host: "mafia.example.org" },
    setTimeout(fn, ms) { const t = { at: env.now + ms, fn }; env.timers.push(t); return t; },
    clearTimeout(t) { env.timers = env.timers.filter((x) => x !== t); },
    advance(ms) {
      env.now += ms;
      const due = env.timers.filter((t) => t.at <= env.now);
      env.timers = env.timers.filter((t) => t.at > env.now);
      due.forEach((t) => t.fn());
    },
    WebSocket: class {
      constructor(url) { this.url = url; this.readyState = 0; this.closed = false; env.sockets.push(this); }
      close() { this.closed = true; }
      // what the server does
      accept() { this.readyState = 1; this.onopen(); }
      push(message) { this.onmessage({ data: JSON.stringify(message) }); }
      drop(code = 1006) { this.readyState = 3; this.onclose({ code }); }
    },
  };
  env.fallback = () => { const feed = { stopped: false, stop() { feed.stopped = true; } }; env.polls.push(feed); return feed; };
  return env;
}

describe("follow", () => {
  it("opens the page's socket on this site, wss behind https", () => {
    assert.equal(socketUrl({ protocol: "https:", host: "a.org" }, "/ws/t/k/tables/1/"), "wss://a.org/ws/t/k/tables/1/");
    assert.equal(socketUrl({ protocol: "http:", host: "127.0.0.1:8000" }, "/ws/x/"), "ws://127.0.0.1:8000/ws/x/");
  });

  it("hands each pushed message to the page and polls not at all while the socket is open", () => {
    const env = fakeEnv(), got = [];
    let opened = 0;
    follow("/ws/t/k/tables/1/", { env, onMessage: (m) => got.push(m), fallback: env.fallback, onOpen: () => { opened += 1; } });
    env.sockets[0].accept();
    env.sockets[0].push({ kind: "table", data: { table: 1 } });
    env.sockets[0].onmessage({ data: "not json" });
    assert.deepEqual(got, [{ kind: "table", data: { table: 1 } }]);
    assert.equal(opened, 1);
    assert.equal(env.polls.length, 0);
  });

  it("polls while the socket is down and stops polling when it opens again, catching up once", () => {
    const env = fakeEnv();
    let opened = 0;
    follow("/ws/x/", { env, onMessage() {}, fallback: env.fallback, onOpen: () => { opened += 1; } });
    env.sockets[0].accept();
    env.sockets[0].drop();
    assert.equal(env.polls.length, 1);
    assert.equal(env.polls[0].stopped, false);
    env.advance(retryDelay(1) - 1);
    assert.equal(env.sockets.length, 1);  // not yet
    env.advance(1);
    assert.equal(env.sockets.length, 2);
    env.sockets[1].accept();
    assert.equal(env.polls[0].stopped, true);
    assert.equal(opened, 2);
  });

  it("waits longer after each failure, at most 30 s", () => {
    assert.deepEqual([1, 2, 3, 6, 9].map(retryDelay), [2000, 4000, 8000, 30000, 30000]);
  });

  it("never tries again a socket the server refused, and keeps polling", () => {
    const env = fakeEnv();
    follow("/ws/desk/k/", { env, onMessage() {}, fallback: env.fallback });
    env.sockets[0].drop(REFUSED);
    env.advance(60000);
    assert.equal(env.sockets.length, 1);
    assert.equal(env.polls.length, 1);
    assert.equal(env.polls[0].stopped, false);
  });

  it("polls at once where there is no WebSocket", () => {
    const env = fakeEnv();
    env.WebSocket = undefined;
    follow("/ws/x/", { env, onMessage() {}, fallback: env.fallback });
    assert.equal(env.polls.length, 1);
  });

  it("stops everything when the page says so", () => {
    const env = fakeEnv();
    const feed = follow("/ws/x/", { env, onMessage() {}, fallback: env.fallback });
    env.sockets[0].drop();
    feed.stop();
    assert.equal(env.polls[0].stopped, true);
    env.advance(60000);
    assert.equal(env.sockets.length, 1);
  });
});

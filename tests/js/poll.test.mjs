// The pages' one refresh loop (static/poll.js), on a fake clock, network and document.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { backoffDelay, poll } from "../../static/poll.js";

// A page's world where time moves only when the test says so.
function fakeEnv(answers) {
  const env = {
    now: 0, timers: [], requests: [], listeners: {},
    document: {
      hidden: false,
      addEventListener(type, fn) { env.listeners[type] = fn; },
      removeEventListener(type) { delete env.listeners[type]; },
    },
    setTimeout(fn, ms) { const t = { at: env.now + ms, fn }; env.timers.push(t); return t; },
    clearTimeout(t) { env.timers = env.timers.filter((x) => x !== t); },
    async fetch(url, init) {
      env.requests.push({ url, at: env.now, headers: init.headers });
      const next = answers.shift();
      if (next instanceof Error) throw next;
      const { status = 200, body = {}, etag = null } = next || {};
      return {
        status, ok: status >= 200 && status < 300,
        headers: { get: (name) => (name === "ETag" ? etag : null) },
        json: async () => body, text: async () => String(body),
      };
    },
    // run every timer due by `ms` from now, in order, letting each fetch settle
    async advance(ms) {
      const until = env.now + ms;
      for (;;) {
        env.timers.sort((a, b) => a.at - b.at);
        const t = env.timers[0];
        if (!t || t.at > until) break;
        env.timers.shift();
        env.now = t.at;
        await t.fn();
        await new Promise((r) => setImmediate(r));
      }
      env.now = until;
    },
    async show(hidden) {
      env.document.hidden = hidden;
      if (env.listeners.visibilitychange) env.listeners.visibilitychange();
      await new Promise((r) => setImmediate(r));
    },
  };
  return env;
}

describe("poll", () => {
  it("fetches every `every` ms and hands each answer over", async () => {
    const env = fakeEnv([{ body: { v: 1 } }, { body: { v: 2 } }]);
    const seen = [];
    poll("/x.json", { every: 1000, env, onData: (d) => seen.push(d.v) });
    await env.advance(999);
    assert.deepEqual(seen, []);
    await env.advance(1001);
    assert.deepEqual(seen, [1, 2]);
    assert.deepEqual(env.requests.map((r) => r.at), [1000, 2000]);
  });

  it("sends the last ETag back and skips onData on 304", async () => {
    const env = fakeEnv([{ body: { v: 1 }, etag: '"a"' }, { status: 304 }, { body: { v: 2 }, etag: '"b"' }]);
    const seen = [];
    poll("/x.json", { every: 500, first: 0, env, onData: (d) => seen.push(d.v) });
    await env.advance(1000);
    assert.deepEqual(seen, [1, 2]);
    assert.equal(env.requests[0].headers["If-None-Match"], undefined);
    assert.equal(env.requests[1].headers["If-None-Match"], '"a"');
    assert.equal(env.requests[2].headers["If-None-Match"], '"a"');
  });

  it("waits longer after each failure, tells the page, and is back to `every` after a success", async () => {
    const env = fakeEnv([new Error("offline"), { status: 502 }, new Error("offline"), { body: {} }, { body: {} }]);
    const errors = [];
    poll("/x.json", { every: 1000, first: 0, env, onData: () => {}, onError: (e) => errors.push(e.message) });
    await env.advance(20000);
    assert.deepEqual(env.requests.slice(0, 5).map((r) => r.at), [0, 2000, 6000, 14000, 15000]);
    assert.deepEqual(errors, ["offline", "HTTP 502", "offline"]);
  });

  it("never waits longer than maxEvery", () => {
    assert.equal(backoffDelay(1500, 0, 12000), 1500);
    assert.equal(backoffDelay(1500, 2, 12000), 6000);
    assert.equal(backoffDelay(1500, 10, 12000), 12000);
  });

  it("fetches nothing while the page is hidden, and fetches at once when it shows again", async () => {
    const env = fakeEnv([{ body: { v: 1 } }, { body: { v: 2 } }]);
    const seen = [];
    poll("/x.json", { every: 1000, env, onData: (d) => seen.push(d.v) });
    await env.show(true);
    await env.advance(60000);
    assert.deepEqual(seen, []);
    await env.show(false);
    assert.deepEqual(seen, [1]);
    assert.equal(env.requests[0].at, 60000);
  });

  it("lets a turn pass when the page asks (a form being typed in)", async () => {
    const env = fakeEnv([{ body: "<p>1</p>" }]);
    let typing = true;
    const seen = [];
    poll("/part/", { every: 1000, as: "text", env, skip: () => typing, onData: (html) => seen.push(html) });
    await env.advance(3000);
    assert.equal(env.requests.length, 0);
    typing = false;
    await env.advance(1000);
    assert.deepEqual(seen, ["<p>1</p>"]);
  });

  it("stops for good when told, from its own onData", async () => {
    const env = fakeEnv([{ body: { done: true } }, { body: {} }]);
    poll("/job/", { every: 1000, env, onData: (d, feed) => { if (d.done) feed.stop(); } });
    await env.advance(10000);
    assert.equal(env.requests.length, 1);
    await env.show(false);
    assert.equal(env.requests.length, 1);
  });
});

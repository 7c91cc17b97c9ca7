// Web push on the player's page (static/push.js): the VAPID key as bytes, and the subscription
// left with the site only when the player allowed notifications.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { keyBytes, pushAvailable, subscribe } from "../../static/push.js";

function fakeWindow(permission) {
  const calls = { fetch: [], register: [], subscribe: [] };
  const subscription = { toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "p", auth: "a" } }) };
  const win = {
    document: { cookie: "sessionid=1; csrftoken=tok%3D1" },
    Notification: { requestPermission: async () => permission },
    PushManager: function PushManager() {},
    navigator: {
      serviceWorker: {
        register: async (url, options) => {
          calls.register.push([url, options]);
          return { pushManager: { subscribe: async (options) => { calls.subscribe.push(options); return subscription; } } };
        },
      },
    },
    fetch: async (url, init) => { calls.fetch.push([url, init]); return { ok: true, json: async () => ({ subscribed: true }) }; },
  };
  return { win, calls };
}

describe("keyBytes", () => {
  it("reads base64url text without padding, as the site writes the public key", () => {
    assert.deepEqual([...keyBytes("BAEC_-8")], [4, 1, 2, 255, 239]);
    assert.equal(keyBytes("BGoNg4s3-hcGcWSsw-mivn1EaOz9NY6ywHFFNF2QWVQl__PSorahqRCbEOhwNGch5U9uZFeAvDQweeR5kMfYr7U").length, 65);
  });
});

describe("subscribe", () => {
  it("subscribes with the site's key and leaves the subscription with the site, with the CSRF token", async () => {
    const { win, calls } = fakeWindow("granted");
    assert.equal(pushAvailable(win), true);
    assert.equal(await subscribe(win, { key: "BAEC", worker: "/judge/push/sw.js", save: "/judge/push/subscription/" }), true);
    assert.deepEqual(calls.register, [["/judge/push/sw.js", { scope: "/judge/push/" }]]);
    assert.equal(calls.subscribe[0].userVisibleOnly, true);
    assert.deepEqual([...calls.subscribe[0].applicationServerKey], [4, 1, 2]);
    const [url, init] = calls.fetch[0];
    assert.equal(url, "/judge/push/subscription/");
    assert.equal(init.headers["X-CSRFToken"], "tok=1");
    assert.equal(JSON.parse(init.body).endpoint, "https://fcm.googleapis.com/fcm/send/x");
  });
  it("does nothing when the player refuses notifications", async () => {
    const { win, calls } = fakeWindow("denied");
    assert.equal(await subscribe(win, { key: "BAEC", worker: "/w", save: "/s" }), false);
    assert.equal(calls.register.length + calls.fetch.length, 0);
  });
  it("sees no push where the browser has none", () => {
    assert.equal(pushAvailable({ navigator: {}, Notification: {} }), false);
  });
});

// Web push on the player's page (/judge/): the "Tell me on this device" button subscribes the
// browser with the site's VAPID key (its <button data-key data-worker data-save>) and leaves the
// subscription with the site; "Stop" takes it back. Where the browser has no push, the button stays
// hidden. The worker is /judge/push/sw.js (static/push_sw.js).

// The application server key as the Push API takes it: base64url text to bytes.
export function keyBytes(text) {
  const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
}

export function pushAvailable(win) {
  return Boolean(win.navigator && win.navigator.serviceWorker && win.PushManager && win.Notification);
}

function csrf(doc) {
  const match = doc.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function send(win, url, body) {
  const response = await win.fetch(url, {
    method: "POST", credentials: "same-origin", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(win.document) },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

// Ask for permission, subscribe and leave the subscription with the site; true when done.
export async function subscribe(win, { key, worker, save }) {
  if ((await win.Notification.requestPermission()) !== "granted") return false;
  const registration = await win.navigator.serviceWorker.register(worker, { scope: "/judge/push/" });
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await send(win, save, subscription.toJSON());
  return true;
}

export async function unsubscribe(win, { worker, forget }) {
  const registration = await win.navigator.serviceWorker.getRegistration("/judge/push/");
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (!subscription) return false;
  await send(win, forget, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
  return true;
}

async function current(win) {
  const registration = await win.navigator.serviceWorker.getRegistration("/judge/push/");
  return Boolean(registration && (await registration.pushManager.getSubscription()));
}

export function init(win) {
  const button = win.document.getElementById("push-toggle");
  if (!button || !pushAvailable(win)) return;
  const { key, worker, save, forget, on, off } = button.dataset;
  const show = (subscribed) => {
    button.hidden = false;
    button.textContent = subscribed ? off : on;
    button.dataset.subscribed = subscribed ? "true" : "false";
  };
  current(win).then(show).catch(() => show(false));
  button.addEventListener("click", () => {
    const subscribed = button.dataset.subscribed === "true";
    (subscribed ? unsubscribe(win, { worker, forget }).then(() => false) : subscribe(win, { key, worker, save }))
      .then(show).catch(() => show(subscribed));
  });
}

if (typeof window !== "undefined" && typeof document !== "undefined") init(window);

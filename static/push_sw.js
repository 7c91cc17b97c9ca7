/* The player's page's service worker (served at /judge/push/sw.js, scope /judge/push/): it shows
 * what the site pushes (tournaments/web_push.py sends {title, body, url}) and opens the url when the
 * message is tapped. It stores nothing: the console has its own worker for that. */
"use strict";

self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(message.title || "", {
    body: message.body || "", data: { url: message.url || "/judge/" }, tag: message.url || "mafia",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});

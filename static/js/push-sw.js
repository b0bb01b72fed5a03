// The service worker that shows a push message: the payload is JSON with title, body and
// url (league's push sender); a click opens the url.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || "Bluke League", {
    body: data.body || "", data: {url: data.url || "/"}, tag: data.tag || undefined}));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});

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
  // Always a page of this site (the url's path on this origin): a notification never
  // opens somewhere else, even when SITE_URL names another host for the same site.
  let url = self.location.origin + "/";
  try {
    const target = new URL((event.notification.data || {}).url || "/", self.location.origin);
    url = self.location.origin + target.pathname + target.search + target.hash;
  } catch (error) { url = self.location.origin + "/"; }
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true})
    .then((windows) => {
      const open = windows.find((client) => client.url === url && "focus" in client);
      return open ? open.focus() : self.clients.openWindow(url);
    }));
});

// The service worker of Web Push (static/push.js subscribed it): a nudge from the server shows as
// a notification; clicking it opens the seat's link.
self.addEventListener("push", function (event) {
  var nudge = event.data ? event.data.json() : { title: "Beacon", body: "", url: "/" };
  event.waitUntil(self.registration.showNotification(nudge.title, {
    body: nudge.body,
    data: { url: nudge.url },
    tag: nudge.url
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});

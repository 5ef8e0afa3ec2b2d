// The site's service worker: web push only (docs/notifications.md, "By web push"). It shows
// each push as a notification and opens its post when the notification is clicked. It keeps
// no cache and handles no fetch: pages come from the server as without it.
self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch (error) {
    push = {};
  }
  var url = typeof push.url === "string" && push.url.charAt(0) === "/" ? push.url : "/mypage/notifications";
  event.waitUntil(
    self.registration.showNotification(push.title || "Tidemark", {
      body: push.body || "",
      // One notification a post, however many pushes told of it.
      tag: push.tag || undefined,
      icon: "/favicon.svg",
      lang: "ko",
      data: { url: url },
    }),
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && "focus" in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});

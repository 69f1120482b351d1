/* global self */
// CostumeCast's service worker: it shows a performer's lead alerts and opens the inquiry when one
// is tapped. It is registered for /dashboard/ only and handles no requests (there is no fetch
// listener), so every page still loads straight from the site. The alert's text arrives encrypted
// for this browser alone; the address a tap opens must be a page of this site.

const FALLBACK_TITLE = "You have news on CostumeCast";
const DASHBOARD = "/dashboard";

function pageOfThisSite(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : DASHBOARD;
}

function readAlert(event) {
  try {
    const alert = event.data ? event.data.json() : null;
    return alert && typeof alert === "object" ? alert : {};
  } catch {
    return {};
  }
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  const alert = readAlert(event);
  const title = typeof alert.title === "string" && alert.title ? alert.title : FALLBACK_TITLE;
  const tag = typeof alert.tag === "string" && alert.tag ? alert.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === "string" ? alert.body : "",
      tag,
      // A reminder replaces the earlier alert of the same inquiry, and still makes itself heard.
      renotify: tag !== undefined,
      data: { url: pageOfThisSite(alert.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = new URL(pageOfThisSite(data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      // A dashboard tab already open is brought forward and sent to the inquiry; otherwise a new one opens.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).pathname.startsWith(DASHBOARD) && "navigate" in client) {
          try {
            await client.focus();
            await client.navigate(target);
            return;
          } catch {
            break;
          }
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

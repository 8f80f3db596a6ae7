// The service worker (docs/web.md, "Installed"): it keeps the client (the page, its modules, styles,
// icons and manifest) so that the page opens at once, even with the server down. Only those files
// are answered from its cache; everything else (the API, the sockets, the records, the docs, the
// operations endpoints) goes to the server as if there were no worker, so nothing the server says
// is ever stale.
//
// The server fills in the two constants below when it hands this file out at /sw.js
// (cribkit.web.routes.client): the client's version, a hash of its files, and the files. An upgrade
// changes the version, so the browser installs the new worker, which fetches the new files and
// deletes the old cache.
const VERSION = "unversioned";
const FILES = [];

const PREFIX = "cribkit-client-";
const CACHE = `${PREFIX}${VERSION}`;
const KEPT = new Set(FILES);

self.addEventListener("install", (event) => {
  // From the server itself, not the HTTP cache: the files of one version, together.
  const requests = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(old(names).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The kept file a request asks for (the page itself for a visit of the site), or null. */
function keptFile(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const file = url.pathname.slice(scope.pathname.length);
  // The client's pages are all one page ("#/stats" is index.html); /docs and the rest are not.
  if (request.mode === "navigate") return file === "" || file === "index.html" ? "index.html" : null;
  return KEPT.has(file) ? file : null;
}

self.addEventListener("fetch", (event) => {
  const file = keptFile(event.request);
  // Not the client's: the browser asks the server as usual (nor does a test's page.route miss it).
  if (file === null) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(file))
      .then((kept) => kept || fetch(event.request)),
  );
});

// The installable client (docs/web.md, "Installed"): the service worker that keeps the client's
// files (sw.js, served with its version by the server), and the news that a newer client took over.

let updated = false;

/**
 * Register the service worker, where the browser has one: not on plain http but for localhost (no
 * secure context), nor in a browser that refuses it (storage off): there the page is as before.
 */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  const workers = navigator.serviceWorker;
  // The first worker taking this page is no news; one replacing a worker is a newer client.
  let controlled = Boolean(workers.controller);
  workers.addEventListener("controllerchange", () => {
    if (controlled) updated = true;
    controlled = true;
  });
  // After the page's own files: the worker's fetching of them all waits for the first drawing.
  const register = () => workers.register("sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Whether a newer client took over since the page was opened (its files are kept, not yet shown). */
export function clientUpdated() {
  return updated;
}

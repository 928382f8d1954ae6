// gosheet in the browser, offline: on the first visit this service worker keeps every file of
// the folder (the page, Pyodide's runtime, gosheet's wheels, the icons) in one cache named
// after gosheet's version and the folder's contents; from then on the page is served from
// it, with or without the network. A page built again has another cache: the new worker
// fills it, and on taking over drops the caches of this folder's older builds. The build
// (gosheet web-app) writes the cache's name and the list of files below.
"use strict";
const CACHE = "__CACHE__";
const FILES = ["__FILES__"];
const SCOPE = self.registration.scope;
const OURS = (name) => name.startsWith("gosheet-") && name.endsWith(` ${SCOPE}`);
const NAME = `${CACHE} ${SCOPE}`; // two pages of one site (/cup/, /club/) keep apart

self.addEventListener("install", (event) => {
  // "no-cache": each file checked with the server, never a stale copy of the HTTP cache
  const requests = FILES.map((file) => new Request(new URL(file, SCOPE), { cache: "no-cache" }));
  event.waitUntil(caches.open(NAME).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => OURS(name) && name !== NAME).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(
    caches.open(NAME)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((kept) => kept || fetch(request)),
  );
});

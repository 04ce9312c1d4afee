// Service worker: serves the app shell cache-first from a versioned cache. The server puts
// SHELL_VERSION and SHELL_FILES (every file of the app) above this text; a changed file changes the
// version, so the browser installs a new worker, which fills a new cache and drops the old one.
// The API, audio and artwork are never cached here.
/* global SHELL_VERSION, SHELL_FILES */
const CACHE = `sotube-shell-${typeof SHELL_VERSION === 'string' ? SHELL_VERSION : 'dev'}`;
const FILES = typeof SHELL_FILES === 'object' ? SHELL_FILES : ['/'];
const SHELL = new Set(FILES);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sotube-shell-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  const path = url.pathname === '/index.html' ? '/' : url.pathname;
  if (!SHELL.has(path) || url.search) return;
  // Cache first: the shell of this version never changes; the network only when it is missing.
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(path);
    if (hit) return hit;
    const response = await fetch(event.request);
    if (response.ok) cache.put(path, response.clone());
    return response;
  }));
});

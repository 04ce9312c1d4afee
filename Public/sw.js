// Service worker: keeps the app shell available offline. Network first (so updates show at once),
// the cache when the network is down. The API, audio and artwork are never cached here.
const CACHE = 'sotube-shell-v1';
const SHELL = [
  '/', '/index.html', '/app.js', '/css/app.css', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png',
  '/js/api.js', '/js/endpoints.js', '/js/i18n.js', '/js/i18n/en.js', '/js/i18n/ru.js', '/js/ui.js', '/js/state.js', '/js/router.js',
  '/js/player.js', '/js/buy.js', '/js/forms.js',
  '/js/screens/auth.js', '/js/screens/store.js', '/js/screens/search.js', '/js/screens/pages.js',
  '/js/screens/song.js', '/js/screens/library.js', '/js/screens/account.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.allSettled(SHELL.map((url) => cache.add(url)))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/rest/') || url.pathname.startsWith('/sandbox/') || url.pathname.startsWith('/song/')) return;
  event.respondWith(
    fetch(event.request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
      }
      return response;
    }).catch(() => caches.match(event.request).then((hit) => hit || caches.match('/index.html'))),
  );
});

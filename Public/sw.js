// Service worker: keeps the app shell available offline (network first, so updates show at once;
// the cache when the network is down) and plays the songs saved for offline (js/offline.js): their
// audio is answered from the offline cache, Range requests included, so seeking works offline.
// Other API answers are never cached here.
const CACHE = 'sotube-shell-v2';
const OFFLINE = 'sotube-offline-v1';
const SHELL = [
  '/', '/index.html', '/app.js', '/css/app.css', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png',
  '/js/api.js', '/js/endpoints.js', '/js/i18n.js', '/js/i18n/en.js', '/js/i18n/ru.js', '/js/ui.js', '/js/state.js', '/js/router.js',
  '/js/player.js', '/js/buy.js', '/js/forms.js', '/js/offline.js', '/js/owned.js',
  '/js/screens/auth.js', '/js/screens/store.js', '/js/screens/search.js', '/js/screens/pages.js',
  '/js/screens/song.js', '/js/screens/library.js', '/js/screens/account.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.allSettled(SHELL.map((url) => cache.add(url)))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== OFFLINE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

/** A saved response answered for `rangeHeader` ("bytes=a-b", "bytes=a-", "bytes=-n") as 206, or whole. */
async function ranged(saved, rangeHeader) {
  const blob = await saved.blob();
  const size = blob.size;
  const type = saved.headers.get('Content-Type') || 'application/octet-stream';
  const match = /^bytes=(\d*)-(\d*)$/.exec((rangeHeader || '').trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    return new Response(blob, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(size), 'Accept-Ranges': 'bytes' } });
  }
  let start;
  let end;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return new Response('', { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  return new Response(blob.slice(start, end + 1, type), {
    status: 206,
    headers: {
      'Content-Type': type, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}`,
      'Accept-Ranges': 'bytes', 'X-SoTube-Rendition': 'full',
    },
  });
}

const audioPath = /^\/api\/v1\/tracks\/[^/]+\/audio$/;
const picturePath = /^\/api\/v1\/(albums|artists|playlists)\/[^/]+\/(artwork|image)$/;

async function savedAudio(request, url) {
  const cache = await caches.open(OFFLINE);
  const saved = await cache.match(url.pathname);
  if (saved) return ranged(saved, request.headers.get('Range'));
  return fetch(request);
}

async function picture(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(OFFLINE);
    const saved = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    if (saved) return saved;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (audioPath.test(url.pathname)) { event.respondWith(savedAudio(event.request, url)); return; }
  if (picturePath.test(url.pathname)) { event.respondWith(picture(event.request)); return; }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/rest/') || url.pathname.startsWith('/sandbox/')
    || url.pathname.startsWith('/song/') || url.pathname.startsWith('/embed/') || url.pathname === '/oembed') return;
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

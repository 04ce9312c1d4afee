// Service worker. The app shell is served cache-first from a versioned cache: the server puts
// SHELL_VERSION and SHELL_FILES (every file of the app) above this text, so a changed file changes
// the version, the browser installs a new worker, and it fills a new cache and drops the old one.
// Songs saved for offline (js/offline.js) are answered from the offline cache, Range requests
// included, so seeking works offline. Other API answers are never cached here.
/* global SHELL_VERSION, SHELL_FILES */
const CACHE = `sotube-shell-${typeof SHELL_VERSION === 'string' ? SHELL_VERSION : 'dev'}`;
const OFFLINE = 'sotube-offline-v1';
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

// The route table's patterns (Route.trackAudio, .albumArtwork, .artistImage, .playlistArtwork: RouteTableTests checks them).
const audioPath = /^\/api\/v1\/tracks\/[^/]+\/audio$/;
const picturePaths = [/^\/api\/v1\/albums\/[^/]+\/artwork$/, /^\/api\/v1\/artists\/[^/]+\/image$/, /^\/api\/v1\/playlists\/[^/]+\/artwork$/];

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

/** The shell, cache first: this version's files never change; the network only when one is missing. */
async function shell(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(path, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (audioPath.test(url.pathname)) { event.respondWith(savedAudio(event.request, url)); return; }
  if (picturePaths.some((path) => path.test(url.pathname))) { event.respondWith(picture(event.request)); return; }
  const path = url.pathname === '/index.html' ? '/' : url.pathname;
  if (SHELL.has(path) && !url.search) event.respondWith(shell(event.request, path));
});

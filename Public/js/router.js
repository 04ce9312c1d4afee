// Hash router: '#/album/42?x=1' → {name: 'album', id: '42', query: URLSearchParams}.
export function parseHash(hash = location.hash) {
  const raw = hash.replace(/^#\/?/, '');
  const [path, search = ''] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { name: parts[0] || '', id: parts[1] || null, sub: parts.slice(1), query: new URLSearchParams(search), raw };
}

export function go(hash, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', hash);
  else location.hash = hash;
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'));
}

// Sharing a song (SPEC M6, M10): its public page, from a moment when asked; the system's share sheet
// where there is one, else the clipboard, else a text to copy by hand.
import * as endpoints from './endpoints.js';
import { t, currentLanguage } from './i18n.js';
import { h, toast } from './ui.js';
import { dialog } from './dialog.js';

/** `path` with `lang=ru` when the app is not in English: the server's pages follow the app's language. */
export function withLanguage(path) {
  const code = currentLanguage();
  return code === 'en' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${code}`;
}

/** The public page of `track`; from `seconds` in (a moment) when given. */
export function shareLink(track, seconds = 0) { return `${location.origin}${withLanguage(endpoints.sharePage(track.id, { t: Math.floor(seconds) || undefined }))}`; }

/** The app's own page of an album, artist or playlist (they have no server page of their own). */
export function appLink(kind, id) { return `${location.origin}/#/${kind}/${encodeURIComponent(id)}`; }

// The embed players' sizes, as the server's oEmbed answers give them (EmbedController.swift).
const embedSizes = { song: [480, 152], album: [480, 400] };
const attr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<iframe>` of /embed/song/{id} or /embed/album/{id}, titled "{title} · {artist} on SoTube". */
export function embedCode(kind, item) {
  const [width, height] = embedSizes[kind];
  const src = location.origin + withLanguage((kind === 'song' ? endpoints.embedSong : endpoints.embedAlbum)(item.id));
  const title = t('share.embedTitle', { title: item.title, artist: item.artistName });
  return `<iframe src="${attr(src)}" width="${width}" height="${height}" style="border:0;border-radius:12px" `
    + `allow="autoplay; encrypted-media" loading="lazy" title="${attr(title)}"></iframe>`;
}

export async function shareTrack(track, seconds = 0) {
  const text = t('player.shareText', { title: track.title, artist: track.artistName });
  const url = shareLink(track, seconds);
  if (navigator.share) {
    try { await navigator.share({ title: track.title, text, url }); return; } catch (error) { if (error.name === 'AbortError') return; }
  }
  const full = `${text} ${url}`;
  try {
    await navigator.clipboard.writeText(full);
    toast(t('player.shareCopied', { text: full }), 'success');
  } catch {
    const field = h('textarea', { class: 'share-text', readonly: true, rows: 3, 'aria-label': t('player.share') }, full);
    setTimeout(() => field.select(), 0);
    await dialog({ title: t('player.share'), body: h('div', {}, h('p', {}, t('player.shareManual')), field), actions: [{ label: t('common.close'), value: true, primary: true }] });
  }
}

// Sharing a song (SPEC M6, M10): its public page, from a moment when asked; the system's share sheet
// where there is one, else the clipboard, else a text to copy by hand.
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { h, toast } from './ui.js';
import { dialog } from './dialog.js';

/** The public page of `track`; from `seconds` in (a moment) when given. */
export function shareLink(track, seconds = 0) { return `${location.origin}${endpoints.sharePage(track.id, { t: Math.floor(seconds) || undefined })}`; }

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

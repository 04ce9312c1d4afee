// The full player's lyrics (issue 32 #21): a "Lyrics" toggle where the song has words (GET
// /api/v1/tracks/{id}'s `lyrics`, asked when the full player shows the song), the words in the
// cover's place; no toggle for a song without them.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { h } from './ui.js';
import { current } from './queue.js';

const known = new Map(); // song id → Promise of its words ('' for none)
let wanted = false; // the listener's choice, kept from song to song while they have words

function wordsOf(id) {
  if (!known.has(id)) {
    known.set(id, api.get(endpoints.track(id), { quiet: true })
      .then((detail) => (typeof detail?.lyrics === 'string' ? detail.lyrics.trim() : ''), () => { known.delete(id); return ''; }));
  }
  return known.get(id);
}

/** The toggle, the words' box (in `art`'s place) and paint(track, open): `open` asks for the words. */
export function lyricsParts(art) {
  const box = h('div', { class: 'player-lyrics', id: 'player-lyrics', role: 'region', tabindex: '0', hidden: true });
  const button = h('button', { class: 'btn player-lyrics-btn', type: 'button', hidden: true, 'aria-pressed': 'false', 'aria-controls': 'player-lyrics',
    onclick: () => { wanted = !wanted; show(); } }, t('player.lyrics'));
  let words = '';
  let shownFor = null;
  const show = () => {
    const visible = wanted && !!words;
    box.hidden = !visible;
    art.hidden = visible;
    button.setAttribute('aria-pressed', String(visible));
  };
  const paint = (track, open) => {
    if (shownFor !== track.id) {
      // Another song: nothing of the last one's words stays while this one's are asked for.
      shownFor = track.id;
      words = '';
      button.hidden = true;
      show();
    }
    if (!open && !known.has(track.id)) return;
    wordsOf(track.id).then((found) => {
      if (current()?.id !== track.id || shownFor !== track.id) return;
      words = found;
      box.textContent = found;
      box.setAttribute('aria-label', t('player.lyricsOf', { title: track.title }));
      button.hidden = !found;
      show();
    });
  };
  return { button, box, paint };
}

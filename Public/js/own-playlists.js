// A buyer's own playlists (issue 32 #17): what My Music › Playlists, a playlist's page (#/my-playlist/{id})
// and "Add to playlist…" share — their texts (js/i18n/playlists-*.js) and styles (css/playlists.css),
// loaded with them and not with the first page; the requests; "3 songs · 10 min"; the cover; and the
// dialog asking for a name (a new playlist, a rename), whose errors show at the name field.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { textLoader, loadStyle } from './part-loader.js';
import { h, icon } from './ui.js';
import { artwork } from './cards.js';
import { dialog } from './dialog.js';
import { field } from './forms.js';

const loadPlaylistTexts = textLoader({ en: () => import('./i18n/playlists-en.js'), ru: () => import('./i18n/playlists-ru.js') });

/** The texts (English and the current language's) and css/playlists.css, once. */
export const loadPlaylistExtras = () => Promise.all([loadPlaylistTexts(), loadStyle('/css/playlists.css')]);

/** The caller's playlists, most recently changed first. */
export async function listPlaylists() {
  return (await api.get(endpoints.myPlaylists)).playlists || [];
}

/** POST: a new playlist (with `trackIds` in it, when given) → {playlist, tracks}. */
export function createPlaylist(name, trackIds) {
  return api.post(endpoints.myPlaylists, trackIds?.length ? { name, trackIds } : { name });
}

/** "10 min", "1 h 5 min" (at least a minute). */
export function durationText(ms) {
  const minutes = Math.max(1, Math.round((ms || 0) / 60000));
  return minutes >= 60 ? t('playlists.hours', { h: Math.floor(minutes / 60), m: minutes % 60 }) : t('playlists.minutes', { n: minutes });
}

/** "3 songs · 10 min", or "No songs yet". */
export function summaryText(summary) {
  return summary.trackCount ? `${t('playlists.songs', { n: summary.trackCount })} · ${durationText(summary.durationMs)}` : t('playlists.noSongs');
}

/** The cover (its first song's album), or a note symbol on an empty playlist. Decorative either way. */
export function cover(summary, size, cls, options) {
  return summary.artworkUrl ? artwork(summary.artworkUrl, size, cls, options)
    : h('span', { class: `${cls} pl-cover-empty`, 'aria-hidden': 'true' }, icon('music'));
}

/**
 * Asks for a name: `save(name)` (the trimmed text) runs while the dialog waits; its result is the
 * dialog's, null when cancelled. An empty name, or the server's 422 about the name, shows at the field
 * and the dialog stays open; any other error shows in the dialog.
 */
export async function askName({ title, submit, initial = '', save }) {
  await loadPlaylistExtras();
  const wrap = field(t('playlists.name'), { name: 'name', type: 'text', value: initial, autocomplete: 'off', required: true, enterkeyhint: 'done' });
  const input = wrap.querySelector('input');
  const error = wrap.querySelector('.field-error');
  const show = (text) => {
    error.textContent = text;
    error.hidden = !text;
    if (text) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
  };
  // Enter in the field presses the dialog's primary button.
  const form = h('form', {
    class: 'pl-name-form', novalidate: true,
    onsubmit: (e) => { e.preventDefault(); form.closest('dialog')?.querySelector('.dialog-actions .btn-primary')?.click(); },
  }, wrap);
  const atField = (text) => {
    show(text);
    input.focus();
    return new Error(''); // said at the field: the dialog's own message stays hidden
  };
  const answer = dialog({
    title, body: form, className: 'pl-name-dialog',
    actions: [
      { label: t('playlists.cancel'), value: null },
      {
        label: submit, primary: true,
        run: async () => {
          show('');
          const name = input.value.trim();
          if (!name) throw atField(t('playlists.nameRequired'));
          try {
            return await save(name);
          } catch (e) {
            if (e.field && e.field.split('.').pop() === 'name') throw atField(e.problem?.detail || e.message);
            throw e;
          }
        },
      },
    ],
  });
  input.focus();
  input.select();
  return answer;
}

/** "New playlist": asks its name, creates it (with `trackIds`) → {playlist, tracks}, or null. */
export function newPlaylist(trackIds) {
  return askName({ title: t('playlists.newTitle'), submit: t('playlists.create'), save: (name) => createPlaylist(name, trackIds) });
}

// "Add to playlist…" (issue 32 #17), from a song row's "⋯" and the full player: a dialog listing the
// buyer's playlists (most recently changed first) and "New playlist". The song is added to the one
// chosen, and a toast says "Added to Road trip", or "Already in Road trip" when it was there.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { h, toast } from './ui.js';
import { dialog } from './dialog.js';
import { loadPlaylistExtras, listPlaylists, newPlaylist, summaryText } from './own-playlists.js';

/** Opens the dialog for `track` ({id, title}); the focus goes back where it was when it closes. */
export async function addToPlaylist(track) {
  let playlists;
  try {
    [, playlists] = await Promise.all([loadPlaylistExtras(), listPlaylists()]);
  } catch (error) {
    toast(error.message, 'error');
    return;
  }
  const add = async (p) => {
    const answer = await api.post(endpoints.myPlaylistTracks(p.id), { trackIds: [track.id] });
    return { name: answer.playlist?.name || p.name, added: answer.added };
  };
  const choice = await dialog({
    title: t('playlists.pickTitle', { title: track.title }), className: 'pl-picker',
    body: playlists.length ? null : t('playlists.pickNone'),
    actions: [
      ...playlists.map((p) => ({
        label: h('span', { class: 'pl-pick' }, h('span', { class: 'pl-pick-name' }, p.name), h('span', { class: 'pl-pick-sub' }, summaryText(p))),
        run: () => add(p),
      })),
      { label: t('playlists.new'), value: 'new', primary: !playlists.length },
      { label: t('playlists.cancel'), value: null },
    ],
  });
  if (choice === 'new') {
    const made = await newPlaylist([track.id]);
    if (made) toast(t('playlists.added', { name: made.playlist.name }), 'success');
  } else if (choice) {
    toast(t(choice.added ? 'playlists.added' : 'playlists.already', { name: choice.name }), choice.added ? 'success' : 'info');
  }
}

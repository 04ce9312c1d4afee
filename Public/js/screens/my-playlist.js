// A buyer's own playlist (issue 32 #17), #/my-playlist/{id}: Play and Shuffle, its songs as the store's
// rows (Buy, "⋯", previews of songs not owned), Rename, Delete, and "Edit songs": each song with a drag
// handle, Move up, Move down and Remove. Every change is sent at once (PUT: the name, or the whole order).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { trackList } from '../track-list.js';
import { dialog } from '../dialog.js';
import { go } from '../router.js';
import { isOwned } from '../state.js';
import { loadPlaylistExtras, askName, summaryText, cover } from '../own-playlists.js';
import { dragToReorder, isDragging } from '../list-drag.js';

function shuffled(tracks) {
  const copy = tracks.slice();
  for (let i = copy.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [copy[i], copy[j]] = [copy[j], copy[i]]; }
  return copy;
}

export async function myPlaylist(container, route, ctx) {
  await loadPlaylistExtras();
  await load(container, () => api.get(endpoints.myPlaylist(route.id)), (d) => page(container, d, ctx));
}

function page(container, d, ctx) {
  let summary = d.playlist;
  let tracks = d.tracks || [];
  let editing = false;
  let saving = Promise.resolve();
  const path = endpoints.myPlaylist(summary.id);

  const art = h('div', { class: 'pl-hero-art' });
  const title = h('h1', {});
  const meta = h('p', { class: 'meta pl-meta' });
  const status = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  const play = h('button', { class: 'btn btn-primary', type: 'button', onclick: () => ctx.play(tracks, 0) }, icon('play'), h('span', {}, t('album.playAll')));
  const shuffle = h('button', { class: 'btn', type: 'button', onclick: () => ctx.play(shuffled(tracks), 0) }, icon('shuffle'), h('span', {}, t('player.shuffle')));
  const edit = h('button', { class: 'btn pl-edit', type: 'button', 'aria-pressed': 'false', onclick: () => { editing = !editing; paintSongs(); } }, t('playlists.edit'));
  const rename = h('button', { class: 'btn', type: 'button', onclick: () => renamePlaylist() }, t('playlists.rename'));
  const remove = h('button', { class: 'btn pl-delete', type: 'button', onclick: () => deletePlaylist() }, t('playlists.delete'));
  const songs = h('div', { class: 'pl-songs' });

  function paintHead() {
    art.replaceChildren(cover(summary, 600, 'art hero-art'));
    title.textContent = summary.name;
    meta.textContent = summaryText(summary);
    document.title = `${summary.name} · SoTube`;
    play.disabled = !tracks.length;
    shuffle.disabled = tracks.length < 2;
    edit.disabled = !tracks.length;
  }

  function paintSongs() {
    if (isDragging()) return;
    if (!tracks.length) editing = false;
    edit.setAttribute('aria-pressed', String(editing));
    songs.classList.toggle('pl-editing', editing);
    if (!tracks.length) {
      songs.replaceChildren(h('div', { class: 'empty' }, h('p', {}, t('playlists.emptyPlaylist')),
        h('a', { class: 'btn btn-primary', href: '#/store' }, t('playlists.findSongs'))));
    } else if (editing) {
      songs.replaceChildren(h('p', { class: 'hint pl-edit-hint', id: 'pl-edit-hint' }, t('playlists.editHint')),
        h('ol', { class: 'pl-edit-list', role: 'list', 'aria-describedby': 'pl-edit-hint' }, tracks.map(editRow)));
    } else {
      songs.replaceChildren(trackList(tracks, ctx));
    }
  }

  /** A song while editing: handle, title and artist, Move up, Move down, Remove. */
  function editRow(track, at) {
    const handle = h('span', { class: 'pl-handle', 'aria-hidden': 'true', title: t('playlists.dragHint') });
    dragToReorder(handle, (from, to) => { if (to !== from) moveTo(from, to, null); else paintSongs(); });
    const button = (action, label, disabled, onclick, name) => h('button', {
      class: 'icon-btn', type: 'button', dataset: { action }, 'aria-label': t(label, { title: track.title }), disabled, onclick,
    }, icon(name));
    return h('li', { class: 'pl-edit-row', dataset: { trackId: track.id } }, handle,
      h('span', { class: 'pl-edit-meta' },
        h('span', { class: 'pl-edit-title' }, track.title),
        h('span', { class: 'pl-edit-sub' }, track.artistName),
        isOwned(track) ? null : h('span', { class: 'badge' }, t('playlists.preview'))),
      button('up', 'playlists.moveUp', at === 0, () => moveTo(at, at - 1, 'up'), 'up'),
      button('down', 'playlists.moveDown', at === tracks.length - 1, () => moveTo(at, at + 1, 'down'), 'down'),
      button('remove', 'playlists.remove', false, () => removeAt(at), 'close'));
  }

  /** The focus after a repaint: `action` of the row of `id`, else another of its buttons, else Edit. */
  function refocus(id, action) {
    const row = songs.querySelector(`[data-track-id="${CSS.escape(id)}"]`);
    const wanted = row?.querySelector(`[data-action="${action}"]`);
    (wanted && !wanted.disabled ? wanted : row?.querySelector('button:not(:disabled)') || edit).focus();
  }

  /** The heading takes the focus when the control that had it is gone. */
  function focusTitle() {
    title.setAttribute('tabindex', '-1');
    title.focus();
  }

  function moveTo(from, to, action) {
    const next = tracks.slice();
    const [track] = next.splice(from, 1);
    next.splice(to, 0, track);
    change(next);
    if (action) refocus(track.id, action);
    status.textContent = t('playlists.moved', { title: track.title, n: to + 1 });
  }

  function removeAt(at) {
    const track = tracks[at];
    const next = tracks.filter((_, i) => i !== at);
    change(next);
    const neighbour = next[at] || next[at - 1];
    if (neighbour) refocus(neighbour.id, 'remove'); else focusTitle();
    status.textContent = t('playlists.removed', { title: track.title });
  }

  /** Shows `next` at once and sends it (one request after the other); a refusal brings the saved order back. */
  function change(next) {
    tracks = next;
    paintSongs();
    paintHead();
    const trackIds = next.map((tr) => tr.id);
    saving = saving.then(async () => {
      try {
        const saved = await api.put(path, { trackIds });
        summary = saved.playlist;
        if (tracks === next) paintHead();
      } catch (error) {
        toast(error.message, 'error');
        try {
          const fresh = await api.get(path);
          summary = fresh.playlist;
          tracks = fresh.tracks || [];
          paintHead();
          paintSongs();
        } catch { /* the toast said it */ }
      }
    });
  }

  async function renamePlaylist() {
    const saved = await askName({
      title: t('playlists.renameTitle'), submit: t('playlists.save'), initial: summary.name,
      save: (name) => {
        const sent = saving.then(() => api.put(path, { name }));
        saving = sent.catch(() => {});
        return sent;
      },
    });
    if (!saved) return;
    summary = saved.playlist;
    paintHead();
    toast(t('playlists.renamed', { name: summary.name }), 'success');
  }

  async function deletePlaylist() {
    const name = summary.name;
    const gone = await dialog({
      title: t('playlists.deleteTitle', { name }), body: t('playlists.deleteText'), className: 'pl-delete-dialog',
      actions: [
        { label: t('playlists.cancel'), value: false },
        { label: t('playlists.delete'), primary: true, run: async () => { await saving; await api.del(path); return true; } },
      ],
    });
    if (!gone) return;
    go('#/library?view=playlists');
    toast(t('playlists.deleted', { name }), 'success');
  }

  container.append(
    h('header', { class: 'hero pl-hero' }, art,
      h('div', { class: 'hero-text' }, title, meta,
        h('div', { class: 'hero-actions' }, play, shuffle, edit, rename, remove))),
    status, songs);
  paintHead();
  paintSongs();
}

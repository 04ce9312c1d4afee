// My Music › Playlists (issue 32 #17): the buyer's own playlists as covers (name, "3 songs · 10 min"),
// most recently changed first, and "New playlist" (its name asked, then it opens). library.js loads it.
import { t } from './i18n.js';
import { h, load } from './ui.js';
import { go } from './router.js';
import { loadPlaylistExtras, listPlaylists, newPlaylist, summaryText, cover } from './own-playlists.js';

const link = (p) => `#/my-playlist/${encodeURIComponent(p.id)}`;

function card(p) {
  const id = `pl-card-${p.id}`;
  return h('li', { class: 'pl-card', 'aria-labelledby': id },
    h('a', { class: 'pl-card-art', href: link(p), tabindex: '-1', 'aria-hidden': 'true' }, cover(p, 300, 'art', { shown: 200 })),
    h('h2', { id }, h('a', { href: link(p) }, p.name)),
    h('p', { class: 'card-sub' }, summaryText(p)));
}

/** Draws the view into `body` (My Music's). */
export async function playlistsView(body) {
  await loadPlaylistExtras();
  const make = async () => {
    const made = await newPlaylist();
    if (made) go(link(made.playlist));
  };
  await load(body, listPlaylists, (playlists) => {
    const button = h('button', { class: 'btn btn-primary pl-new', type: 'button', onclick: make }, t('playlists.new'));
    body.append(h('div', { class: 'pl-toolbar' }, button),
      playlists.length
        ? h('ul', { class: 'card-grid pl-grid', role: 'list', 'aria-label': t('playlists.listLabel') }, playlists.map(card))
        : h('p', { class: 'empty pl-empty' }, t('playlists.empty')));
  });
}

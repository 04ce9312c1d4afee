// Console › Store home: which playlists the store's home features and in which order, and the order
// of the moods (GET and PUT /api/v1/admin/curation). Everything moves with buttons (Move up, Move
// down, Remove, Add to featured), so a keyboard does it as well as a pointer; nothing changes on the
// server until Save, and after saving the lists show what the server then answers.
import * as endpoints from '../endpoints-staff.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { admin, act, emptyNote, known } from './admin.js';

const kindName = (kind) => known(`console.home.kind.${kind}`, kind);

/** The playlists that are not featured, by name (the server keeps no order for them). */
const byName = (list) => [...list].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

/** How many featured playlists the store home shows (the server's limit). */
const HOME_SHOWS = 20;

/** "12 songs" (the store's own words for a playlist's length). */
const songs = (n) => t('album.tracks', { n: Number(n) || 0 });

export async function render(container) {
  const body = h('div', { id: 'curation' });
  container.append(
    h('div', { class: 'console-chart-head' },
      h('p', { class: 'lead' }, t('console.home.intro')),
      h('a', { class: 'btn', href: '#/store', id: 'curation-open-store' }, icon('store'), h('span', {}, t('console.home.openStore')))),
    body);
  await load(body, () => admin.get(endpoints.adminCuration), (data) => editor(body, data));
}

/** The editor over one answer of the server: local changes until Save. */
function editor(body, data) {
  const byId = new Map();
  let featured = [];
  let others = [];
  let moods = [];
  let saved = '';
  const ids = () => ({ featured: featured.map((p) => p.id), moods: moods.map((m) => m.id) });
  const dirty = () => JSON.stringify(ids()) !== saved;

  /** Starts again from an answer of the server (the first one, or the one after saving). */
  function adopt(answer) {
    const all = answer.playlists || [];
    byId.clear();
    all.forEach((p) => byId.set(p.id, p));
    featured = all.filter((p) => p.featured);
    others = byName(all.filter((p) => !p.featured));
    moods = [...(answer.moods || [])];
    saved = JSON.stringify(ids());
  }
  adopt(data);

  const announce = h('p', { class: 'sr-only', 'aria-live': 'polite', id: 'curation-announce' });
  const status = h('p', { class: 'curation-status', id: 'curation-status', tabindex: '-1' });
  let lastAnswer = data;
  const save = h('button', { class: 'btn btn-primary', type: 'button', id: 'curation-save', onclick: () => saveNow() }, t('console.home.save'));
  const undo = h('button', { class: 'btn', type: 'button', id: 'curation-undo', onclick: () => {
    adopt(lastAnswer);
    paint();
    announce.textContent = t('console.home.undone');
    status.focus();
  } }, t('console.home.undo'));
  const lists = h('div', { class: 'curation-lists' });
  body.append(
    h('div', { class: 'curation-bar', role: 'group', 'aria-label': t('console.home.barLabel') }, save, undo, status),
    announce, lists);

  function paintBar() {
    const changed = dirty();
    save.disabled = !changed;
    undo.disabled = !changed;
    status.textContent = changed ? t('console.home.unsaved') : t('console.home.upToDate');
    status.classList.toggle('is-dirty', changed);
  }

  async function saveNow() {
    const done = await act(save, async () => {
      await admin.put(endpoints.adminCuration, ids());
      // What the store home now shows, read again.
      return admin.get(endpoints.adminCuration);
    });
    if (!done) { paintBar(); return; }
    lastAnswer = done;
    adopt(done);
    paint();
    toast(t('console.home.saved'), 'success');
    status.textContent = t('console.home.savedStatus');
    status.focus();
  }

  /** Moves item i of list by step (−1 up, +1 down); says where it went. */
  function move(list, i, step, name, focus) {
    const j = i + step;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j], list[i]];
    paint(focus);
    announce.textContent = t('console.home.movedTo', { name, n: j + 1, count: list.length });
  }

  function upDown(list, i, name, kind, key) {
    const up = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'up' }, disabled: i === 0,
      'aria-label': t('console.home.upNamed', { name }), onclick: () => move(list, i, -1, name, { key: `${kind}:${key}`, act: 'up' }) },
    icon('up'), h('span', {}, t('console.home.up')));
    const down = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'down' }, disabled: i === list.length - 1,
      'aria-label': t('console.home.downNamed', { name }), onclick: () => move(list, i, 1, name, { key: `${kind}:${key}`, act: 'down' }) },
    icon('down'), h('span', {}, t('console.home.down')));
    return [up, down];
  }

  function featuredItem(playlist, i) {
    const remove = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'remove' },
      'aria-label': t('console.home.removeNamed', { name: playlist.name }), onclick: () => {
        featured.splice(i, 1);
        others = byName([...others, playlist]);
        const next = featured[i] || featured[i - 1];
        paint(next ? { key: `featured:${next.id}`, act: 'remove' } : { key: `other:${playlist.id}`, act: 'add' });
        announce.textContent = t('console.home.removed', { name: playlist.name });
      } }, t('console.home.remove'));
    return h('li', { class: 'console-item curation-item', dataset: { playlistId: playlist.id, key: `featured:${playlist.id}` } },
      h('span', { class: 'curation-rank', 'aria-hidden': 'true' }, String(i + 1)),
      h('div', { class: 'console-item-main' },
        h('p', { class: 'console-item-title' }, playlist.name),
        h('p', { class: 'track-sub' }, [kindName(playlist.kind), songs(playlist.trackCount)].filter(Boolean).join(' · '))),
      h('div', { class: 'row-actions' }, upDown(featured, i, playlist.name, 'featured', playlist.id), remove));
  }

  function otherItem(playlist) {
    const add = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'add' },
      'aria-label': t('console.home.addNamed', { name: playlist.name }), onclick: () => {
        others = others.filter((p) => p.id !== playlist.id);
        featured = [...featured, playlist];
        paint({ key: `featured:${playlist.id}`, act: featured.length > 1 ? 'up' : 'remove' });
        announce.textContent = t('console.home.added', { name: playlist.name, n: featured.length });
      } }, t('console.home.add'));
    return h('li', { class: 'console-item curation-item', dataset: { playlistId: playlist.id, key: `other:${playlist.id}` } },
      h('div', { class: 'console-item-main' },
        h('p', { class: 'console-item-title' }, playlist.name),
        h('p', { class: 'track-sub' }, [kindName(playlist.kind), songs(playlist.trackCount)].filter(Boolean).join(' · '))),
      h('div', { class: 'row-actions' }, add));
  }

  function moodItem(mood, i) {
    const list = byId.get(mood.playlistId);
    return h('li', { class: 'console-item curation-item', dataset: { moodId: mood.id, key: `mood:${mood.id}` } },
      h('span', { class: 'curation-rank', 'aria-hidden': 'true' }, String(i + 1)),
      h('div', { class: 'console-item-main' },
        h('p', { class: 'console-item-title' }, mood.name),
        list ? h('p', { class: 'track-sub' }, songs(list.trackCount)) : null),
      h('div', { class: 'row-actions' }, upDown(moods, i, mood.name, 'mood', mood.id)));
  }

  function section(id, title, hint, content) {
    return h('section', { class: 'curation-section', 'aria-labelledby': `${id}-title` },
      h('h2', { id: `${id}-title` }, title), hint ? h('p', { class: 'hint' }, hint) : null, content);
  }

  /** Draws the lists; focus ({key: "featured:<id>", act: "up"}) names the button to give the keyboard back to. */
  function paint(focus) {
    lists.replaceChildren(
      h('div', { class: 'curation-playlists' },
        section('curation-featured', t('console.home.featured'),
          featured.length > HOME_SHOWS ? t('console.home.featuredOver', { n: HOME_SHOWS }) : t('console.home.featuredHint'),
          featured.length
            ? h('ol', { class: 'console-list curation-list', role: 'list', id: 'curation-featured' }, featured.map(featuredItem))
            : emptyNote(byId.size ? t('console.home.noneFeatured') : t('console.home.noPlaylists'), 'curation-featured-none')),
        section('curation-others', t('console.home.others'), null,
          others.length
            ? h('ul', { class: 'console-list curation-list', role: 'list', id: 'curation-others' }, others.map(otherItem))
            : emptyNote(byId.size ? t('console.home.allFeatured') : t('console.home.noPlaylists'), 'curation-others-none'))),
      section('curation-moods', t('console.home.moods'), t('console.home.moodsHint'),
        moods.length
          ? h('ol', { class: 'console-list curation-list', role: 'list', id: 'curation-moods' }, moods.map(moodItem))
          : emptyNote(t('console.home.noMoods'), 'curation-moods-none')));
    paintBar();
    if (!focus) return;
    const row = [...lists.querySelectorAll('[data-key]')].find((el) => el.dataset.key === focus.key);
    const wanted = row?.querySelector(`[data-act="${focus.act}"]`);
    const target = wanted && !wanted.disabled ? wanted : row?.querySelector('button:not([disabled])');
    target?.focus();
  }
  paint();
}

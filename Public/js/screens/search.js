// Search (SPEC C2, C3): one box for artists, albums, songs and playlists. Results follow the typing
// (debounced, the previous request cancelled, old results kept until new ones arrive), a top
// result first, songs before the shelves on phones, recent searches when the empty box has focus.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, icon, errorPanel, spinner } from '../ui.js';
import { shelf, albumCard, artistCard, playlistCard } from '../cards.js';
import { trackList, trackRow } from '../track-list.js';
import { go, parseHash } from '../router.js';
import { state } from '../state.js';

const TYPING_DELAY_MS = 250;
let suggestTimer = null;

async function recentQueries() {
  if (!state.me) return [];
  try {
    const { queries } = await api.get(endpoints.searchHistory, { quiet: true });
    return (queries || []).slice(0, 5);
  } catch {
    return [];
  }
}

/**
 * The search box used on the store home and the search page. `onType(q)` runs as the user types
 * (the search page updates its results); without it, typing opens the search page.
 */
export function searchBox(initial, extra = {}, onType = null) {
  const listId = `suggest-${Math.random().toString(36).slice(2, 8)}`;
  const datalist = h('datalist', { id: listId });
  const input = h('input', {
    type: 'search', name: 'q', value: initial, 'aria-label': t('search.label'), placeholder: t('search.placeholder'),
    autocomplete: 'off', list: listId, enterkeyhint: 'search', 'aria-controls': `${listId}-recent`,
  });
  const recent = h('ul', { class: 'recent-pop', id: `${listId}-recent`, role: 'list', hidden: true, 'aria-label': t('search.history') });
  const showRecent = async () => {
    if (input.value.trim()) { recent.hidden = true; return; }
    const queries = await recentQueries();
    if (!queries.length || input.value.trim() || document.activeElement !== input) return;
    recent.replaceChildren(...queries.map((q) => h('li', {}, h('a', { class: 'chip', href: `#/search?q=${encodeURIComponent(q)}` }, icon('search'), q))));
    recent.hidden = false;
  };
  input.addEventListener('focus', showRecent);
  input.addEventListener('blur', () => setTimeout(() => { if (!recent.contains(document.activeElement)) recent.hidden = true; }, 150));
  let typeTimer = null;
  input.addEventListener('input', () => {
    clearTimeout(suggestTimer);
    clearTimeout(typeTimer);
    const q = input.value.trim();
    if (!q) { showRecent(); onType?.(''); return; }
    recent.hidden = true;
    typeTimer = setTimeout(() => {
      if (onType) onType(q);
      else go(`#/search?q=${encodeURIComponent(q)}`);
    }, TYPING_DELAY_MS);
    suggestTimer = setTimeout(async () => {
      try {
        const { queries } = await api.get(endpoints.searchSuggestions({ q }), { quiet: true });
        datalist.replaceChildren(...queries.map((s) => h('option', { value: s })));
      } catch { /* suggestions are optional */ }
    }, 200);
  });
  const form = h('form', { class: 'search-box', role: 'search', onsubmit: (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (!q) return;
    clearTimeout(typeTimer);
    const params = new URLSearchParams({ q });
    for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
    go(`#/search?${params}`);
  } },
  icon('search'), input, datalist,
  h('button', { class: 'btn btn-primary', type: 'submit' }, t('search.submit')), recent);
  return form;
}

function fold(text) {
  return String(text || '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The one result most likely meant: an artist or album whose name starts with the query, else the first song. */
function topResult(found, q, ctx) {
  const query = fold(q);
  const artist = found.artists?.find((a) => fold(a.name).startsWith(query));
  if (artist) return artistCard(artist);
  const album = found.albums?.find((a) => fold(a.title).startsWith(query));
  if (album) return albumCard(album);
  const track = found.tracks?.[0];
  if (track) return h('ol', { class: 'track-list', role: 'list' }, trackRow(track, ctx, { onPlay: () => ctx.play([track], 0) }));
  return null;
}

function renderResults(results, found, q, ctx) {
  const top = topResult(found, found.correctedQuery || q, ctx);
  const sections = [
    top ? h('section', { class: 'top-result' }, h('h2', {}, t('search.top')), top) : null,
    found.tracks?.length ? h('section', { class: 'songs' }, h('h2', {}, t('search.songs')), trackList(found.tracks, ctx)) : null,
    shelf(t('search.artists'), found.artists, artistCard),
    shelf(t('search.albums'), found.albums, albumCard),
    shelf(t('search.playlists'), found.playlists, playlistCard),
  ].filter(Boolean);
  results.replaceChildren(...(sections.length ? sections : [h('p', { class: 'empty' }, t('search.none', { q }))]));
  // A mistyped word was corrected: say so above the results (js/screens/browse.js).
  if (found.correctedQuery) import('./browse.js').then((m) => m.correctedNote(found.correctedQuery, q)).then((note) => { if (results.contains(sections[0])) results.prepend(note); });
}

export async function search(container, route, ctx) {
  let q = route.query.get('q') || '';
  const hideExplicit = route.query.get('explicit') === 'false';
  const limit = route.query.get('limit') || '20';
  const filters = h('div', { class: 'filters' },
    h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: hideExplicit, onchange: (e) => update({ explicit: e.target.checked ? 'false' : '' }) }), h('span', {}, t('search.hideExplicit'))),
    h('label', { class: 'inline' }, h('span', {}, t('search.limit')),
      h('select', { onchange: (e) => update({ limit: e.target.value }) }, ['5', '10', '20', '50'].map((n) => h('option', { value: n, selected: n === limit }, n)))));
  function params(change = {}) {
    const p = new URLSearchParams({ q, explicit: hideExplicit ? 'false' : '', limit, ...change });
    for (const [k, v] of [...p]) if (!v) p.delete(k);
    return p;
  }
  function update(change) { go(`#/search?${params(change)}`, { replace: true }); }
  const heading = h('h1', { class: 'page-title' }, q ? t('search.results', { q }) : t('search.label'));
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  // Genre and mood tiles while the box is empty (js/screens/browse.js, loaded then).
  const browse = h('div', { class: 'browse-tiles' });
  let inFlight = null;

  async function run(text) {
    q = text;
    inFlight?.abort();
    // Follow the typing in the address without drawing the screen again.
    history.replaceState(null, '', `#/search?${params()}`);
    heading.textContent = q ? t('search.results', { q }) : t('search.label');
    browse.hidden = !!q;
    if (!q) {
      results.replaceChildren();
      if (!browse.childElementCount) import('./browse.js').then((m) => m.browseTiles(browse));
      return;
    }
    const controller = new AbortController();
    inFlight = controller;
    results.setAttribute('aria-busy', 'true');
    if (!results.childElementCount) results.replaceChildren(spinner());
    try {
      const query = { q, limit, explicit: hideExplicit ? 'false' : undefined };
      const found = await api.get(endpoints.search(query), { quiet: true, signal: controller.signal });
      if (controller.signal.aborted || parseHash().name !== 'search') return;
      renderResults(results, found, q, ctx);
    } catch (error) {
      if (error?.name === 'AbortError') return;
      results.replaceChildren(errorPanel(error.message, () => run(q)));
    } finally {
      if (inFlight === controller) { inFlight = null; results.removeAttribute('aria-busy'); }
    }
  }

  const box = searchBox(q, { explicit: hideExplicit ? 'false' : '', limit }, run);
  container.append(heading, box, filters, results, browse);
  const input = box.querySelector('input');
  // Arriving from the store's box mid-word: keep typing where the caret was.
  if (route.query.get('q') && document.activeElement === document.body) {
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }
  await run(q);
}

// Search (SPEC C2, C3): one box for artists, albums, songs and playlists; history and suggestions.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, icon, load, shelf, albumCard, artistCard, playlistCard, trackList } from '../ui.js';
import { go } from '../router.js';
import { state } from '../state.js';

let suggestTimer = null;

/** The search box used on the store home and the search page. */
export function searchBox(initial, extra = {}) {
  const listId = `suggest-${Math.random().toString(36).slice(2, 8)}`;
  const datalist = h('datalist', { id: listId });
  const input = h('input', {
    type: 'search', name: 'q', value: initial, 'aria-label': t('search.label'), placeholder: t('search.placeholder'),
    autocomplete: 'off', list: listId, enterkeyhint: 'search',
  });
  input.addEventListener('input', () => {
    clearTimeout(suggestTimer);
    const q = input.value.trim();
    if (q.length < 1) return;
    suggestTimer = setTimeout(async () => {
      try {
        const { queries } = await api.get(endpoints.searchSuggestions(q), { quiet: true });
        datalist.replaceChildren(...queries.map((s) => h('option', { value: s })));
      } catch { /* suggestions are optional */ }
    }, 200);
  });
  const form = h('form', { class: 'search-box', role: 'search', onsubmit: (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (!q) return;
    const params = new URLSearchParams({ q });
    for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
    go(`#/search?${params}`);
  } },
  icon('search'), input, datalist,
  h('button', { class: 'btn btn-primary', type: 'submit' }, t('search.submit')));
  return form;
}

async function historyChips() {
  if (!state.me) return null;
  try {
    const { queries } = await api.get(endpoints.searchHistory, { quiet: true });
    if (!queries?.length) return null;
    return h('section', { class: 'search-history', 'aria-label': t('search.history') },
      h('h2', {}, t('search.history')),
      h('ul', { class: 'chips', role: 'list' }, queries.slice(0, 5).map((q) =>
        h('li', {}, h('a', { class: 'chip', href: `#/search?q=${encodeURIComponent(q)}` }, q)))));
  } catch {
    return null;
  }
}

export async function search(container, route, ctx) {
  const q = route.query.get('q') || '';
  const hideExplicit = route.query.get('explicit') === 'false';
  const limit = route.query.get('limit') || '20';
  const filters = h('div', { class: 'filters' },
    h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: hideExplicit, onchange: (e) => update({ explicit: e.target.checked ? 'false' : '' }) }), h('span', {}, t('search.hideExplicit'))),
    h('label', { class: 'inline' }, h('span', {}, t('search.limit')),
      h('select', { onchange: (e) => update({ limit: e.target.value }) }, ['5', '10', '20', '50'].map((n) => h('option', { value: n, selected: n === limit }, n)))));
  function update(change) {
    const params = new URLSearchParams({ q, explicit: hideExplicit ? 'false' : '', limit, ...change });
    for (const [k, v] of [...params]) if (!v) params.delete(k);
    go(`#/search?${params}`, { replace: true });
  }
  const results = h('div', { class: 'results' });
  container.append(
    h('h1', { class: 'page-title' }, q ? t('search.results', { q }) : t('search.label')),
    searchBox(q, { explicit: hideExplicit ? 'false' : '', limit }), filters, results);
  const chips = await historyChips();
  if (chips) container.insertBefore(chips, results);
  if (!q) return;
  const params = new URLSearchParams({ q, limit });
  if (hideExplicit) params.set('explicit', 'false');
  await load(results, () => api.get(endpoints.search(params)), (found) => {
    const sections = [
      shelf(t('search.artists'), found.artists, artistCard),
      shelf(t('search.albums'), found.albums, albumCard),
      found.tracks?.length ? h('section', { class: 'songs' }, h('h2', {}, t('search.songs')), trackList(found.tracks, ctx)) : null,
      shelf(t('search.playlists'), found.playlists, playlistCard),
    ].filter(Boolean);
    results.append(...(sections.length ? sections : [h('p', { class: 'empty' }, t('search.none', { q }))]));
  });
}

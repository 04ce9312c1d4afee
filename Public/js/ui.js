// The small pieces every screen uses: building elements (h, icon), loading and error panels, toasts.
// Dialogs: dialog.js; artwork, cards and shelves: cards.js; song lists and the Buy button: track-list.js.
import { t } from './i18n.js';

/** h('button', {class: 'x', onclick}, 'text', child) → element. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, value);
  }
  append(el, ...children);
  return el;
}

/**
 * Appends children to `el`, leaving out null, undefined and false (Element.append would show them as
 * the text "null"…): append(container, cond ? x : null, [list]). Returns `el`.
 */
export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Like Element.replaceChildren, without null, undefined and false children (see append). */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, ...children);
}

export function icon(name) {
  const paths = {
    play: 'M8 5v14l11-7z',
    pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
    prev: 'M6 6h2v12H6zm3.5 6 8.5 6V6z',
    next: 'M16 6h2v12h-2zM6 18l8.5-6L6 6z',
    share: 'M12 3 7.5 7.5l1.4 1.4L11 6.8V15h2V6.8l2.1 2.1 1.4-1.4zM5 13v7h14v-7h-2v5H7v-5z',
    store: 'M4 4h16l-1.5 6H5.5zM5 12h14v8H5z',
    music: 'M12 3v10.6A4 4 0 1 0 14 17V7h4V3z',
    console: 'M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z',
    mic: 'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3m5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9z',
    account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5',
    login: 'M10 17v-3H3v-4h7V7l5 5zm3-14h7v18h-7v-2h5V5h-5z',
    register: 'M15 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m-9-2V7H4v3H1v2h3v3h2v-3h3v-2zm9 4c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4',
    search: 'M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9',
    close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
    heart: 'M12 21 10.6 19.7C5.4 15 2 12 2 8.4 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3C19.6 3 22 5.4 22 8.4c0 3.6-3.4 6.6-8.6 11.3z',
    cast: 'M1 18v3h3a3 3 0 0 0-3-3m0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7m0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10m20-7H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2',
    back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z',
    shuffle: 'M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2H20v-5.5l-2 2z',
    repeat: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
    volume: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4M14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6',
    queue: 'M3 6h12v2H3zm0 4h12v2H3zm0 4h8v2H3zm14-4v6.2a3 3 0 1 0 2 2.8V12h3v-2z',
    chevronLeft: 'M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z',
    chevronRight: 'M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z',
    up: 'M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z',
    down: 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z',
    // A coin (rim and a star), not a currency sign: coins are not money.
    coin: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16m0 2.8 1.5 3.3 3.6.4-2.7 2.4.8 3.5L12 14.6l-3.2 1.8.8-3.5-2.7-2.4 3.6-.4z',
    download: 'M11 4h2v8.2l3.1-3.1 1.4 1.4L12 16l-5.5-5.5 1.4-1.4 3.1 3.1zM5 18h14v2H5z',
    offline: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-1 5h2v5.2l2.1-2.1 1.4 1.4L12 16l-4.5-4.5 1.4-1.4 2.1 2.1z',
  };
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', paths[name] || '');
  path.setAttribute('fill-rule', 'evenodd');
  svg.append(path);
  return svg;
}

export function spinner(label = t('common.loading')) {
  return h('div', { class: 'spinner-wrap', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', { class: 'sr-only' }, label));
}

/** Renders an error panel with a retry button into `container`. */
export function errorPanel(message, retry) {
  return h('div', { class: 'error-panel', role: 'alert' },
    h('p', {}, message),
    retry ? h('button', { class: 'btn', type: 'button', onclick: retry }, t('error.retry')) : null);
}

/** What a missing page shows: trying again cannot help, going to the store can. */
export function notFoundPanel() {
  return h('div', { class: 'error-panel not-found', role: 'alert' },
    h('p', {}, t('error.notFound')),
    h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore')));
}

/** Loads data with a spinner, shows a clear message and a retry button on failure. The newest load
 * into a container wins: an older answer arriving after it changes nothing. */
const loads = new WeakMap();
export async function load(container, fetcher, render) {
  const mine = {};
  const newest = () => loads.get(container) === mine;
  loads.set(container, mine);
  container.replaceChildren(spinner());
  container.setAttribute('aria-busy', 'true');
  try {
    const data = await fetcher();
    if (!newest()) return;
    container.replaceChildren();
    render(data);
  } catch (error) {
    if (!newest()) return;
    if (error.status !== 404) {
      const panel = errorPanel(error.message, () => load(container, fetcher, render));
      panel.classList.toggle('offline-note', error.status === 0); // says it instead of the banner
      container.replaceChildren(panel);
      return;
    }
    container.replaceChildren(notFoundPanel());
    // A screen whose heading was in what is missing (an album, an artist) still has one.
    if (!container.closest('main')?.querySelector('h1')) container.prepend(h('h1', { class: 'page-title' }, t('error.notFoundTitle')));
  } finally {
    if (newest()) container.removeAttribute('aria-busy');
  }
}

// ---- toasts ----

/** A toast, one at a time (the newest replaces it); `action` ({label, run}) adds a button (and 15 s to
 * read it). Offline, the banner already says what a failed request would. */
export function toast(message, kind = 'info', action = null) {
  const region = document.getElementById('toasts');
  if (message === t('error.offline') && document.body.classList.contains('is-offline')) return;
  const item = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    h('span', {}, message),
    action && h('button', { class: 'btn btn-small', type: 'button', onclick: () => { item.remove(); action.run(); } }, action.label),
    h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('common.dismiss'), onclick: () => item.remove() }, icon('close')));
  region.replaceChildren(item);
  raiseToasts();
  setTimeout(() => { if (item.isConnected) { item.remove(); raiseToasts(); } }, action ? 15000 : kind === 'error' ? 9000 : 5000);
}

/** Toasts live in a manual popover so they show above open dialogs (the player, confirmations):
 * raised again when one opens (dialog.js). */
export function raiseToasts(region = document.getElementById('toasts')) {
  if (typeof region.showPopover !== 'function') return;
  if (region.matches(':popover-open')) region.hidePopover();
  if (region.children.length) region.showPopover();
}

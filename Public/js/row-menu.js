// A song row's menu (issue 32 #16): opened by its "⋯" button, a right-click or a long press (touch,
// 500 ms). A menu of menuitems: arrow keys, Home and End move; Escape or Tab close it and the focus
// goes back to "⋯". Beside the row on wide screens, a sheet at the bottom on phones. track-list.js
// calls rowMenu with the event; the items are row-actions.js's.
import { t } from './i18n.js';
import { h } from './ui.js';
import { rowActions } from './row-actions.js';
import { loadListeningExtras } from './listening-extras.js';

const LONG_PRESS = 500;
let shown = null; // { row, menu, scrim, button }

/** track-list.js's listener: `event` is a pointerdown, a contextmenu or the "⋯" click. */
export function rowMenu(event, track, ctx) {
  const row = event.target.closest?.('.track-row');
  if (!row) return;
  if (event.type === 'pointerdown') {
    if (event.pointerType !== 'mouse' && event.isPrimary) watchLongPress(event, row, () => open(track, ctx, row, { x: event.clientX, y: event.clientY }));
    return;
  }
  const point = event.type === 'contextmenu' && (event.clientX || event.clientY) ? { x: event.clientX, y: event.clientY } : null;
  open(track, ctx, row, point);
}

/** Opens after the finger stayed 500 ms without moving; a lift, a move or a scroll cancels. */
function watchLongPress(down, row, fire) {
  // A finger holds its element's pointer capture while it stays down: the module may have come after
  // the lift (the first press, a slow network).
  const held = () => down.target.hasPointerCapture?.(down.pointerId);
  if (!held()) return;
  const names = ['pointerup', 'pointercancel', 'pointermove', 'click'];
  const stop = () => { clearTimeout(timer); names.forEach((name) => row.removeEventListener(name, watch)); };
  const watch = (e) => {
    if (e.pointerId !== undefined && e.pointerId !== down.pointerId) return;
    if (e.type === 'pointermove' && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 10) return;
    stop();
  };
  names.forEach((name) => row.addEventListener(name, watch));
  const timer = setTimeout(() => {
    stop();
    if (!row.isConnected || !held()) return;
    swallowNextClick();
    fire();
  }, Math.max(0, LONG_PRESS - (performance.now() - down.timeStamp)));
}

/** The lift after a long press must not also press what is under the finger (a link, Play, the menu's backdrop). */
function swallowNextClick() {
  const swallow = (e) => { e.preventDefault(); e.stopPropagation(); };
  document.addEventListener('click', swallow, { capture: true });
  const release = () => setTimeout(() => document.removeEventListener('click', swallow, { capture: true }), 400);
  document.addEventListener('pointerup', release, { capture: true, once: true });
  document.addEventListener('pointercancel', release, { capture: true, once: true });
}

async function open(track, ctx, row, point) {
  if (shown?.row === row) return; // a long press also fires contextmenu on some phones
  close(false);
  await loadListeningExtras();
  if (!row.isConnected) return;
  const button = row.querySelector('.more-btn');
  const items = rowActions(track, ctx).map((item) => {
    const attrs = { class: 'row-menu-item', role: 'menuitem', tabindex: '-1' };
    const activate = () => {
      close(!item.href);
      item.run?.();
    };
    return item.href
      ? h('a', { ...attrs, href: item.href, download: item.download || undefined, onclick: activate }, t(item.key))
      : h('button', { ...attrs, type: 'button', onclick: activate }, t(item.key));
  });
  const label = t('menu.label', { title: track.title });
  const menu = h('div', { class: 'row-menu', role: 'menu', 'aria-label': label, onkeydown: keys },
    h('p', { class: 'row-menu-title', 'aria-hidden': 'true' }, track.title), items);
  const scrim = h('div', { class: 'row-menu-scrim', onclick: () => close(true), oncontextmenu: (e) => { e.preventDefault(); close(true); } });
  // In the page's landmark (a screen reader finds it there); fixed, so drawn above everything.
  (row.closest('main') || document.body).append(scrim, menu);
  shown = { row, menu, scrim, button };
  button?.setAttribute('aria-expanded', 'true');
  place(menu, button || row, point);
  items[0].focus();
}

/** Beside the button (or where the right-click was), inside the window; phones: CSS makes it a sheet. */
function place(menu, anchor, point) {
  if (matchMedia('(max-width: 599px)').matches) return;
  const box = point ? { left: point.x, right: point.x, top: point.y, bottom: point.y } : anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  let top = box.bottom + 4;
  if (top + height > innerHeight - 8) top = Math.max(8, box.top - height - 4);
  const left = Math.min(Math.max(8, point ? box.left : box.right - width), innerWidth - width - 8);
  menu.style.top = `${top}px`;
  menu.style.left = `${left}px`;
}

function keys(event) {
  const items = [...shown.menu.querySelectorAll('[role=menuitem]')];
  const at = items.indexOf(document.activeElement);
  const go = (i) => { event.preventDefault(); items[(i + items.length) % items.length].focus(); };
  switch (event.key) {
    case 'ArrowDown': go(at + 1); break;
    case 'ArrowUp': go(at - 1); break;
    case 'Home': go(0); break;
    case 'End': go(items.length - 1); break;
    case 'Escape': case 'Tab': event.preventDefault(); close(true); break;
    case ' ': if (document.activeElement?.tagName === 'A') { event.preventDefault(); document.activeElement.click(); } break;
    default:
  }
}

/** Closes the open menu; `refocus`: the focus goes back to the row's "⋯". */
export function close(refocus) {
  if (!shown) return;
  const { menu, scrim, button } = shown;
  shown = null;
  menu.remove();
  scrim.remove();
  button?.setAttribute('aria-expanded', 'false');
  if (refocus && button?.isConnected) button.focus();
}

window.addEventListener('hashchange', () => close(false));

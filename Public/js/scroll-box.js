// Not in ui.js: only the screens with wide tables (histories, the console, the artist area) need it,
// and the store's first load stays small.

/**
 * A box that may scroll (a wide table on a phone): while its content overflows it takes the keyboard's
 * focus (arrow keys scroll it), named by `label` or its table's caption, as a region (WCAG 2.1.1).
 */
export function scrollable(box, label) {
  const sync = () => {
    const style = getComputedStyle(box);
    const scrolls = (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
      || (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
    const name = label || box.querySelector('caption')?.textContent;
    // Links or buttons inside already take the focus (and scroll the box to themselves).
    if (scrolls && box.querySelector('a[href], button, input, select, textarea, [tabindex]')) return;
    if (scrolls === box.hasAttribute('tabindex')) return;
    if (scrolls) { box.tabIndex = 0; if (name) box.setAttribute('aria-label', name); box.setAttribute('role', 'region'); }
    else ['tabindex', 'aria-label', 'role'].forEach((a) => box.removeAttribute(a));
  };
  if (typeof ResizeObserver === 'function') {
    const watch = new ResizeObserver(sync);
    watch.observe(box);
    if (box.firstElementChild) watch.observe(box.firstElementChild);
  }
  return box;
}

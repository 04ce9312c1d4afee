// Keyboard shortcuts (SPEC U4): Space play/pause, ←/→ seek 5 s, Shift+←/→ previous/next song,
// `/` to the search box. Keys typed into a field, or meant for a focused control, are left alone.
import { toggle, step, seekBy } from './player.js';
import { go } from './router.js';

function typing(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function focusSearch() {
  const box = document.querySelector('#main input[type="search"]');
  if (box) { box.focus(); box.select(); return; }
  go('#/search');
  // The search screen draws its box after the route change.
  const started = Date.now();
  const wait = () => {
    const drawn = document.querySelector('#main input[type="search"]');
    if (drawn) drawn.focus(); else if (Date.now() - started < 3000) requestAnimationFrame(wait);
  };
  requestAnimationFrame(wait);
}

export function wireShortcuts() {
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    // A modal other than the player (a confirmation) keeps its keys.
    if (document.querySelector('dialog.dialog[open]')) return;
    const onControl = e.target instanceof HTMLElement && e.target.closest('button, a, summary, [role="slider"]');
    if (e.key === ' ' && !onControl) { e.preventDefault(); toggle(); return; }
    if (e.key === '/') { e.preventDefault(); focusSearch(); return; }
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const forward = e.key === 'ArrowRight';
      if (e.shiftKey) { e.preventDefault(); step(forward ? 1 : -1); return; }
      if (onControl) return;
      e.preventDefault();
      seekBy(forward ? 5 : -5);
    }
  });
}

// Up next's drag to reorder (issue 32 #16): each song has a handle; pressed (mouse, finger or pen),
// its row follows the pointer from place to place and is dropped where it is let go. The Move up /
// Move down buttons stay for the keyboard.
import { queue, move } from './queue.js';

let dragging = false;
/** While a row is dragged, Up next is not drawn again under it. */
export const isDragging = () => dragging;

/** Makes `handle` drag its row; `done(from, to)` gets the queue places when it was moved. */
export function dragToReorder(handle, from, done) {
  handle.addEventListener('pointerdown', (down) => {
    if (down.button !== 0 || dragging) return;
    down.preventDefault();
    const row = handle.closest('li');
    const list = row.parentElement;
    handle.setPointerCapture(down.pointerId);
    dragging = true;
    row.classList.add('dragging');
    const follow = (e) => {
      if (e.pointerId !== down.pointerId) return;
      // Past the middle of a neighbour: the row takes its place (as often as the pointer went).
      for (let moved = true; moved;) {
        moved = false;
        const before = row.previousElementSibling;
        const after = row.nextElementSibling;
        if (before && e.clientY < middle(before)) { before.before(row); moved = true; } else if (after && e.clientY > middle(after)) { after.after(row); moved = true; }
      }
      // Moving the row in the page releases the capture: the pointer's events are followed on the
      // document, and the capture taken again.
      if (!handle.hasPointerCapture(down.pointerId)) try { handle.setPointerCapture(down.pointerId); } catch { /* the pointer went */ }
    };
    const end = (e) => {
      if (e.pointerId !== down.pointerId) return;
      document.removeEventListener('pointermove', follow);
      document.removeEventListener('pointerup', end);
      document.removeEventListener('pointercancel', end);
      dragging = false;
      row.classList.remove('dragging');
      const to = queue.index + 1 + [...list.children].indexOf(row);
      done(from, e.type === 'pointerup' && to !== from && move(from, to - from) ? to : from);
    };
    document.addEventListener('pointermove', follow);
    document.addEventListener('pointerup', end);
    document.addEventListener('pointercancel', end);
  });
}

function middle(el) {
  const box = el.getBoundingClientRect();
  return box.top + box.height / 2;
}

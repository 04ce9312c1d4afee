// Reordering a list by dragging (Up next, issue 32 #16: queue-drag.js; a playlist's songs, #17): each row
// has a handle; pressed (mouse, finger or pen), its row follows the pointer from place to place and is
// dropped where it is let go. The Move up / Move down buttons beside it stay for the keyboard.

let dragging = false;
/** While a row is dragged, the list is not drawn again under it. */
export const isDragging = () => dragging;

/** Makes `handle` drag its <li>; `done(from, to)` gets its places in the list before and after (the same
 * when the drag was cancelled). */
export function dragToReorder(handle, done) {
  handle.addEventListener('pointerdown', (down) => {
    if (down.button !== 0 || dragging) return;
    down.preventDefault();
    const row = handle.closest('li');
    const list = row.parentElement;
    const from = [...list.children].indexOf(row);
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
      // Moving the row in the page releases the capture: taken again.
      if (!handle.hasPointerCapture(down.pointerId)) try { handle.setPointerCapture(down.pointerId); } catch { /* the pointer went */ }
    };
    const end = (e) => {
      if (e.pointerId !== down.pointerId) return;
      document.removeEventListener('pointermove', follow);
      document.removeEventListener('pointerup', end);
      document.removeEventListener('pointercancel', end);
      dragging = false;
      row.classList.remove('dragging');
      done(from, e.type === 'pointerup' ? [...list.children].indexOf(row) : from);
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

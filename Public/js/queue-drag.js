// Up next's drag to reorder (issue 32 #16): each song has a handle; pressed (mouse, finger or pen),
// its row follows the pointer from place to place and is dropped where it is let go. The Move up /
// Move down buttons stay for the keyboard.
import { queue, move } from './queue.js';
import { dragToReorder as dragRow, isDragging } from './list-drag.js';

export { isDragging };

/** Makes `handle` drag its row; `done(from, to)` gets the queue places when it was moved. */
export function dragToReorder(handle, from, done) {
  dragRow(handle, (_, row) => {
    const to = queue.index + 1 + row;
    done(from, to !== from && move(from, to - from) ? to : from);
  });
}

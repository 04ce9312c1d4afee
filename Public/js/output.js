// Where the player's <audio> elements sound: through Web Audio (one GainNode each) so a loudness
// gain above 0 dB is possible. The AudioContext is made on the first play (a user's press), never
// on a reload that only restores the queue; until then, and where Web Audio is missing, the
// elements play straight out at unity gain.
let context = null;
const routes = new WeakMap(); // element → GainNode

function linear(db) { return 10 ** (db / 20); }

/** Routes `elements` through the graph (once each) and resumes it; call from a play action. */
export function routeThroughGraph(...elements) {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try { context = new Context(); } catch { return; }
  }
  for (const el of elements) {
    if (!el || routes.has(el)) continue;
    try {
      const gain = context.createGain();
      context.createMediaElementSource(el).connect(gain).connect(context.destination);
      routes.set(el, gain);
      gain.gain.value = linear(Number(el.dataset.gainDb) || 0);
    } catch { /* already routed elsewhere: it plays at unity */ }
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
}

/** Sets the loudness gain of `el` (kept on the element as data-gain-db for when it is routed). */
export function setGain(el, db) {
  const value = Number.isFinite(db) ? db : 0;
  el.dataset.gainDb = value.toFixed(2);
  const node = routes.get(el);
  if (node && context) node.gain.setValueAtTime(linear(value), context.currentTime);
}

// A purchase the user started and had to leave (to log in, or to top up): what they wanted and
// where they were. Kept in sessionStorage (this tab only, for 30 minutes) until it is offered again.
const KEY = 'sotube.intent';
const LIFETIME_MS = 30 * 60 * 1000;

/** Remembers {kind: 'track'|'album', id, title, waitingFor: 'login'|'topup'} and the current screen. */
export function rememberPurchase(intent) {
  sessionStorage.setItem(KEY, JSON.stringify({ ...intent, returnTo: location.hash || '#/store', at: Date.now() }));
}

export function pendingPurchase() {
  try {
    const intent = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    if (!intent || Date.now() - intent.at > LIFETIME_MS) return null;
    return intent;
  } catch {
    return null;
  }
}

export function updatePurchase(change) {
  const intent = pendingPurchase();
  if (intent) sessionStorage.setItem(KEY, JSON.stringify({ ...intent, ...change }));
}

export function forgetPurchase() { sessionStorage.removeItem(KEY); }

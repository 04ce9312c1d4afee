// Who is using the app, and events other modules react to.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { savedMe } from './offline.js';

export const state = {
  me: null, // MeResponse when logged in
  guest: false,
  offline: false, // the server could not be reached: only songs saved on this device play
  ownedIds: new Set(),
};

const bus = new EventTarget();
export function on(name, fn) { bus.addEventListener(name, (e) => fn(e.detail)); }
export function emit(name, detail) { bus.dispatchEvent(new CustomEvent(name, { detail })); }

function mayHaveSession() {
  // The readable CSRF cookie comes with every session: without it, do not even ask (no 401 noise).
  return /(?:^|;\s*)sotube_csrf=[^;]+/.test(document.cookie);
}

export async function refreshMe({ quiet = true } = {}) {
  if (!mayHaveSession()) {
    state.me = null;
    emit('me', null);
    return null;
  }
  try {
    state.me = await api.get(endpoints.me, { quiet });
    state.guest = false;
    state.offline = false;
  } catch (error) {
    if (error.status === 401) state.me = null;
    else if (error.status === 0 && savedMe()) {
      // No network: the account that saved songs here keeps My Music, with what is saved.
      state.me = savedMe();
      state.offline = true;
    } else throw error;
  }
  emit('me', state.me);
  return state.me;
}

export function setCoins(coins) {
  if (state.me && typeof coins === 'number') {
    state.me.coins = coins;
    emit('me', state.me);
  }
}

/** Marks tracks as owned everywhere: removes every Buy button for them. */
export function markOwned(trackIds) {
  const fresh = trackIds.filter((id) => !state.ownedIds.has(id));
  for (const id of fresh) state.ownedIds.add(id);
  if (state.me) state.me.ownedCount = (state.me.ownedCount || 0) + fresh.length;
  emit('owned', trackIds);
}

export function isOwned(track) { return track.owned || state.ownedIds.has(track.id); }

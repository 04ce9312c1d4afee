// Fetch wrapper: same-origin cookies, CSRF header, problem+json → human messages, activity indicator.
import { currentLanguage, t } from './i18n.js';

let inFlight = 0;
const listeners = new Set();

/** Called with true/false when network activity starts/stops. */
export function onActivity(fn) { listeners.add(fn); }

function setBusy(delta) {
  inFlight += delta;
  const busy = inFlight > 0;
  listeners.forEach((fn) => fn(busy));
}

function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)sotube_csrf=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : '';
}

/** An error with a message a person can read, plus the problem's extras. */
export class ApiError extends Error {
  constructor(status, message, problem = {}) {
    super(message);
    this.status = status;
    this.problem = problem;
    this.field = problem.field;
    this.missingCoins = problem.missingCoins;
  }
}

function humanMessage(status, problem) {
  switch (status) {
    case 0: return t('error.offline');
    case 401: return problem.detail && !/session|log in/i.test(problem.detail) ? problem.detail : t('error.sessionExpired');
    case 402: return t('error.notEnoughCoins', { n: problem.missingCoins ?? '?' });
    case 403: return problem.type === 'urn:sotube:problem:account-frozen' ? t('error.accountFrozen') : t('error.forbidden');
    case 404: return t('error.notFound');
    case 409: return problem.detail || t('error.conflict');
    case 429: return t('error.tooMany', { n: problem.retryAfter ?? 60 });
    default:
      if (status >= 500) return t('error.server');
      return problem.detail || t('error.generic');
  }
}

/**
 * request('GET', endpoints.me) → parsed JSON (or null for 204); URLs come from endpoints.js.
 * options: { body, headers, quiet, signal } — quiet skips the activity indicator; signal aborts.
 */
export async function request(method, path, { body, headers = {}, quiet = false, signal } = {}) {
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...headers }, signal };
  if (body instanceof Blob) {
    init.body = body; // a file (the profile photo) or a piece of one (an upload's chunk) goes as it is
    init.headers['Content-Type'] ??= body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  if (!['GET', 'HEAD'].includes(method)) {
    // The app's own language (the one chosen in it, not only the browser's): the server keeps it at
    // sign-up and log-in, and mail comes in it. Only on writes: reads stay identical to the page's preloads.
    init.headers['Accept-Language'] ??= currentLanguage();
    const token = csrfToken();
    if (token) init.headers['X-CSRF-Token'] = token;
  }
  if (!quiet) setBusy(1);
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error?.name === 'AbortError') throw error; // a newer request replaced this one
    throw new ApiError(0, humanMessage(0, {}));
  } finally {
    if (!quiet) setBusy(-1);
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const problem = data && typeof data === 'object' ? data : {};
    const error = new ApiError(response.status, humanMessage(response.status, problem), problem);
    if (response.status === 401) window.dispatchEvent(new CustomEvent('sotube:unauthorized', { detail: { path } }));
    throw error;
  }
  return data;
}

// index.html's preload of the store home would answer the next GET of it, however late (after a log-in):
// app.js takes it at boot, for the first screen only.
let preload = null;
export function takePreload(path) { preload = [path, request('GET', path, { quiet: true })]; preload[1].catch(() => {}); }
export function dropPreload() { preload = null; }

export const api = {
  get: (path, opts) => {
    if (preload?.[0] !== path) return request('GET', path, opts);
    const [, answer] = preload;
    preload = null;
    return answer;
  },
  post: (path, body, opts = {}) => request('POST', path, { ...opts, body }),
  put: (path, body, opts = {}) => request('PUT', path, { ...opts, body }),
  patch: (path, body, opts = {}) => request('PATCH', path, { ...opts, body }),
  del: (path, opts) => request('DELETE', path, opts),
};

export function newIdempotencyKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

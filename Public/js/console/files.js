// Files the console makes and saves: CSV built here, and files the server makes (codes.csv, audit.csv,
// a customer's export), fetched so a password question can be answered first. Loaded with the console.
import { t } from '../i18n.js';
import { h, icon, toast } from '../ui.js';
import { REAUTHENTICATE, confirmPassword } from './admin.js';

function csvCell(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (arrays) as CSV text, with a byte-order mark so spreadsheets read it as UTF-8. */
function toCSV(rows) {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves a Blob as a file through a temporary <a download>. */
function saveFile(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function downloadCSV(rows, filename) {
  saveFile(new Blob([toCSV(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}

/**
 * A link to a file the server makes (codes.csv, audit.csv). A click fetches it here, so a password
 * question can be answered first, then saves it; the link itself still works as a link.
 */
export function fileLink(url, label, filename, attrs = {}) {
  const link = h('a', { class: 'btn', href: url, download: filename, ...attrs }, icon('download'), h('span', {}, label));
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    link.classList.add('busy');
    try {
      saveFile((await fetchFile(url)).blob, filename);
    } catch (error) {
      toast(error.message || t('error.generic'), 'error');
    } finally {
      link.classList.remove('busy');
    }
  });
  return link;
}

/**
 * Fetches a file the server makes and saves it, for a button (not a link): downloadFile(url,
 * fallback name) → the name it was saved as. The server's Content-Disposition name wins.
 */
export async function downloadFile(url, fallbackName) {
  const { blob, name } = await fetchFile(url);
  const filename = name || fallbackName;
  saveFile(blob, filename);
  return filename;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' or filename="…"), or null. */
function dispositionName(header) {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try { return decodeURIComponent(encoded[1].trim()); } catch { /* the plain name below */ }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim().replace(/[\\/]/g, '-');
  return name || null;
}

/** {blob, name} of a file the server makes; asks for the password once when the server wants it. */
async function fetchFile(url, again = true) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new Error(t('error.offline'));
  }
  if (response.ok) return { blob: await response.blob(), name: dispositionName(response.headers.get('Content-Disposition')) };
  let problem = {};
  try { problem = await response.json(); } catch { problem = {}; }
  if (response.status === 403 && problem.type === REAUTHENTICATE && again) {
    if (!(await confirmPassword())) throw new Error(t('console.reauth.cancelled'));
    return fetchFile(url, false);
  }
  if (response.status === 401) {
    window.dispatchEvent(new CustomEvent('sotube:unauthorized', { detail: { path: url } }));
    throw new Error(t('error.sessionExpired'));
  }
  throw new Error(response.status === 403 ? t('console.forbidden') : response.status === 404 ? t('error.notFound') : t('error.generic'));
}

// Tiny i18n: English and Russian, following the browser, with a switch stored in localStorage.
// Only English (every key's fallback) ships with the app; another language is fetched when chosen.
import en from './i18n/en.js';

const dictionaries = { en };
const more = {}; // texts of parts loaded later (the console), per language
const loaders = { ru: () => import('./i18n/ru.js') };
export const languages = [['en', 'English'], ['ru', 'Русский']];
const known = new Set(languages.map(([code]) => code));

function initialLanguage() {
  const saved = localStorage.getItem('sotube.lang');
  if (saved && known.has(saved)) return saved;
  const prefs = navigator.languages?.length ? navigator.languages : [navigator.language || 'en'];
  for (const p of prefs) {
    const code = String(p).slice(0, 2).toLowerCase();
    if (known.has(code)) return code;
  }
  return 'en';
}

async function loadDictionary(code) {
  if (!dictionaries[code] && loaders[code]) dictionaries[code] = (await loaders[code]()).default;
}

let lang = initialLanguage();
await loadDictionary(lang).catch(() => { lang = 'en'; });
document.documentElement.lang = lang;

export function currentLanguage() { return lang; }

/** Adds the texts of a part of the app loaded later (the console has its own files). */
export function addTexts(code, texts) { more[code] = { ...more[code], ...texts }; }

export async function setLanguage(code) {
  if (!known.has(code)) return;
  await loadDictionary(code);
  lang = code;
  localStorage.setItem('sotube.lang', code);
  document.cookie = `sotube_lang=${code};path=/;max-age=31536000;samesite=lax`; // the server's pages too
  document.documentElement.lang = code;
}

/** t('key', {n: 3}) → translated text with {n} replaced; plural forms via 'key' objects {one, few, many, other}. */
export function t(key, params = {}) {
  let entry = dictionaries[lang]?.[key] ?? more[lang]?.[key] ?? dictionaries.en[key] ?? more.en?.[key] ?? key;
  if (typeof entry === 'object') {
    const rule = new Intl.PluralRules(lang).select(Number(params.n ?? 0));
    entry = entry[rule] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

export function formatDate(iso, { compact = false } = {}) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const withTime = iso.length > 10;
  return new Intl.DateTimeFormat(lang, { dateStyle: compact ? 'short' : 'medium', timeStyle: withTime ? 'short' : undefined }).format(d);
}

export function formatMoney(money) {
  if (!money) return '';
  try {
    // Amounts are minor units: cents for most currencies, yen for JPY (0 digits), fils for KWD (3).
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency: money.currency });
    return format.format(money.amount / 10 ** format.resolvedOptions().maximumFractionDigits);
  } catch {
    return `${(money.amount / 100).toFixed(2)} ${money.currency}`;
  }
}

export function formatDuration(ms) {
  const s = Math.max(0, Math.round((ms || 0) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 12.3 MB, 850 kB … in the current language's number format. */
export function formatBytes(bytes) {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];
  let value = Math.max(0, bytes || 0);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit ? 1 : 0 }).format(value);
}

// The artist area's texts (js/i18n/artist-*.js), loaded with it or with the console's Artists section:
// English (every key's fallback) and the current language's.
import { addTexts, currentLanguage } from '../i18n.js';

const files = { en: () => import('../i18n/artist-en.js'), ru: () => import('../i18n/artist-ru.js') };
const loaded = new Set();

export async function loadArtistTexts() {
  for (const code of new Set(['en', currentLanguage()])) {
    if (loaded.has(code) || !files[code]) continue;
    addTexts(code, (await files[code]()).default);
    loaded.add(code);
  }
}

// The artist area's texts (js/i18n/artist-*.js), loaded with it or with the console's Artists section:
// English (every key's fallback) and the current language's.
import { textLoader } from '../part-loader.js';

export const loadArtistTexts = textLoader({ en: () => import('../i18n/artist-en.js'), ru: () => import('../i18n/artist-ru.js') });

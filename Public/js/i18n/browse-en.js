// Browsing the empty search page and a genre's albums (issue 32 #19): loaded by js/screens/browse.js.
export default {
  'browse.genres': 'Browse genres',
  'browse.moods': 'Moods',
  'browse.albums': { one: '{n} album', other: '{n} albums' },
  'browse.genreEmpty': 'No album of this genre is on sale.',
  'browse.corrected': 'Showing results for “{q}”. Nothing was found for “{typed}”.',
};

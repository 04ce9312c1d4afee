// My Music's filters and what coins are worth (issue 32 #15, #20): loaded by js/library-texts.js.
export default {
  'buy.worth': '{coins} {money}',
  'buy.worthNote': 'At the price of the cheapest coin pack',
  'library.playlists': 'Playlists',
  'library.sortRecent': 'Recently added',
  'library.filter': 'Filter My Music',
  'library.savedOnly': 'Saved offline only',
  'library.noMatch': 'Nothing in My Music matches.',
  'library.ownedOf': { one: '{owned} of {n} song owned', other: '{owned} of {n} songs owned' },
  'library.albumMenu': 'Download or save offline: {title}',
};

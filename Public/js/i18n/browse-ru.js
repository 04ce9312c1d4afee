// Обзор на пустой странице поиска и альбомы жанра (issue 32 #19): загружается js/screens/browse.js.
export default {
  'browse.genres': 'Жанры',
  'browse.moods': 'Настроения',
  'browse.albums': { one: '{n} альбом', few: '{n} альбома', many: '{n} альбомов', other: '{n} альбома' },
  'browse.genreEmpty': 'Альбомов этого жанра в продаже нет.',
  'browse.corrected': 'Показаны результаты по запросу «{q}». По запросу «{typed}» ничего не найдено.',
};

// My Music's filters and what coins are worth (issue 32 #15, #20): loaded by js/library-texts.js.
export default {
  'buy.worth': '{coins} {money}',
  'buy.worthNote': 'По цене самого дешёвого пакета монет',
  'library.playlists': 'Плейлисты',
  'library.sortRecent': 'Недавно добавленные',
  'library.filter': 'Фильтр по моей музыке',
  'library.savedOnly': 'Только сохранённые офлайн',
  'library.noMatch': 'В «Моей музыке» ничего не нашлось.',
  'library.ownedOf': { one: 'Куплено {owned} из {n} песни', other: 'Куплено {owned} из {n} песен' },
  'library.albumMenu': 'Скачать или сохранить офлайн: {title}',
};

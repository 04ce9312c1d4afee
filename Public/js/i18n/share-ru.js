// Окно «Поделиться» и общие моменты (issue 32 #18): загружается js/share-dialog.js.
export default {
  'share.title': 'Поделиться: «{title}»',
  'share.link': 'Ссылка',
  'share.copyLink': 'Копировать ссылку',
  'share.linkCopied': 'Ссылка скопирована в буфер обмена.',
  'share.startAt': 'Начать с',
  'share.startHint': 'м:сс или секунды; пусто — с начала',
  'share.startInvalid': 'Введите время как м:сс (1:05) или в секундах (65).',
  'share.startTooLate': 'Песня длится {length}: начните раньше {length}.',
  'share.embed': 'Код для встраивания',
  'share.copyEmbed': 'Копировать код для встраивания',
  'share.embedCopied': 'Код для встраивания скопирован в буфер обмена.',
  'share.embedTitle': '{title} · {artist} в SoTube',
  'share.system': 'Другие способы…',
  'share.copyManual': 'Выделите текст выше и скопируйте его.',
  'share.fromMoment': 'Играет с {time}',
  'share.pastPreview': '{time} — после конца {n}-секундного фрагмента: он играет с начала.',
};

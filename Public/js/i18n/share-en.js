// The share dialog and shared moments (issue 32 #18): loaded by js/share-dialog.js.
export default {
  'share.title': 'Share “{title}”',
  'share.link': 'Link',
  'share.copyLink': 'Copy link',
  'share.linkCopied': 'Link copied to the clipboard.',
  'share.startAt': 'Start at',
  'share.startHint': 'm:ss or seconds; empty: from the beginning',
  'share.startInvalid': 'Type a time as m:ss (1:05) or in seconds (65).',
  'share.startTooLate': 'The song is {length} long: start before {length}.',
  'share.embed': 'Embed code',
  'share.copyEmbed': 'Copy embed code',
  'share.embedCopied': 'Embed code copied to the clipboard.',
  'share.embedTitle': '{title} · {artist} on SoTube',
  'share.system': 'More ways to share…',
  'share.copyManual': 'Select the text above and copy it.',
  'share.fromMoment': 'Plays from {time}',
  'share.pastPreview': '{time} is past the {n}-second preview: it plays from the beginning.',
};

// Media: ffprobe/ffmpeg, import, previews, demo catalog.

"""What a buyer gets (SPEC P9, M10, A6) through a real socket: downloads of owned songs (the
original bytes, a clean name, Range) and albums (a streamed ZIP that Python's zipfile opens), 404
for everyone else; embed pages and oEmbed; a moment on the share page; the profile photo."""
import io
import json
import os
import re
import struct
import subprocess
import urllib.parse
import uuid
import zipfile
import zlib

import pytest
from openapi_spec_validator import validate

from conftest import Server, cli, free_port

# Non-ASCII letters, a "*" and a right-to-left override (U+202E … U+202C): the name must stay Unicode
# but safe, and the override must not reach a file name (it would show "…3pm.exe.jpg" for "…gpj.exe.mp3").
ARTIST = "Zoë Ünder*\u202eScore\u202c"
SONGS = [(1, "Ōne: Begin", 440, "mp3"), (2, "Two", 550, "mp3"), (3, "Thrée?", 660, "mp3"), (4, "Lossless", 770, "flac")]


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """A server whose catalog is one imported album of three MP3s with a cover image."""
    root = tmp_path_factory.mktemp("owned")
    album = root / "music" / "Zoe" / "Album"
    album.mkdir(parents=True)
    sources = {}
    for number, title, freq, ext in SONGS:
        path = album / f"{number:02d}.{ext}"
        codec = ["-c:a", "libmp3lame", "-b:a", "96k"] if ext == "mp3" else ["-c:a", "flac"]
        ffmpeg("-f", "lavfi", "-i", f"sine=frequency={freq}:duration=40", "-metadata", f"title={title}",
               "-metadata", f"artist={ARTIST}", "-metadata", f"album_artist={ARTIST}", "-metadata",
               "album=Downloads Album", "-metadata", f"track={number}/4", *codec, str(path))
        sources[title] = path.read_bytes()
        path.chmod(0o644)  # readable by all, as music folders are: the store's copies must not be
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x320:rate=1", "-frames:v", "1", str(album / "cover.jpg"))
    cli("import", str(root / "music"), data=root)
    port = free_port()
    server = Server(root, port, args=("--port", str(port)))
    try:
        home = server.request("GET", "/api/v1/store/home")[2]
        album_id = home["newReleases"][0]["id"]
        tracks = server.request("GET", f"/api/v1/albums/{album_id}")[2]["tracks"]
        owner = register(server, "owner")
        cli("coins", "grant", "owner", "1000", data=root)
        for track in (tracks[0], tracks[2], tracks[3]):  # the owner buys songs 1, 3 and 4, not 2
            status, _, body = server.request("POST", "/api/v1/purchases", {"trackId": track["id"]}, token=owner,
                                             headers={"Idempotency-Key": str(uuid.uuid4())})
            assert status == 201, body
        other = register(server, "other")
        yield {"server": server, "root": root, "album": album_id, "tracks": tracks, "owner": owner,
               "other": other, "sources": sources}
    finally:
        server.stop()


def register(server, name):
    status, _, body = server.request("POST", "/api/v1/auth/register",
                                     {"username": name, "email": f"{name}@example.com", "password": "long-enough-1"})
    assert status == 201, body
    return body["token"]


def raw(server, path, token=None, headers=None, method="GET", body=None):
    """(status, headers, bytes) without decoding."""
    return server.fetch(method, path, body, token, headers)


def disposition_name(value):
    """The UTF-8 file name of an RFC 6266 attachment header."""
    assert value.startswith("attachment;"), value
    star = [part.strip() for part in value.split(";") if part.strip().startswith("filename*=")]
    assert star, value
    encoded = star[0][len("filename*="):]
    assert encoded.startswith("UTF-8''")
    return urllib.parse.unquote(encoded[len("UTF-8''"):], encoding="utf-8")


def test_an_owner_downloads_the_original_bytes_with_a_clean_name_and_ranges(store):
    server, first = store["server"], store["tracks"][0]
    status, headers, body = raw(server, f"/api/v1/tracks/{first['id']}/download", token=store["owner"])
    assert status == 200
    assert body == store["sources"]["Ōne: Begin"]
    assert headers["Content-Type"] == "audio/mpeg"
    assert disposition_name(headers["Content-Disposition"]) == "Zoë Ünder_Score - Ōne_ Begin.mp3"
    assert 'filename="Zo_ _nder_Score - _ne_ Begin.mp3"' in headers["Content-Disposition"]
    assert "no-store" not in headers["Cache-Control"] and "private" in headers["Cache-Control"]
    status, headers, part = raw(server, f"/api/v1/tracks/{first['id']}/download", token=store["owner"],
                                headers={"Range": "bytes=100-1099"})
    assert status == 206 and part == body[100:1100]
    assert headers["Content-Range"] == f"bytes 100-1099/{len(body)}"
    status, headers, _ = raw(server, f"/api/v1/tracks/{first['id']}/download", token=store["owner"], method="HEAD")
    assert status == 200 and int(headers["Content-Length"]) == len(body)


def test_a_transcoded_song_offers_its_original_and_the_mp3(store):
    server, flac, mp3 = store["server"], store["tracks"][3], store["tracks"][0]
    status, headers, body = raw(server, f"/api/v1/tracks/{flac['id']}/download", token=store["owner"])
    assert status == 200 and body == store["sources"]["Lossless"]  # the imported FLAC itself
    assert headers["Content-Type"] == "audio/flac" and headers["X-SoTube-Formats"] == "flac, mp3"
    assert disposition_name(headers["Content-Disposition"]) == "Zoë Ünder_Score - Lossless.flac"
    status, headers, body = raw(server, f"/api/v1/tracks/{flac['id']}/download?format=mp3", token=store["owner"])
    assert status == 200 and headers["Content-Type"] == "audio/mpeg"
    assert disposition_name(headers["Content-Disposition"]) == "Zoë Ünder_Score - Lossless.mp3"
    assert body[:3] == b"ID3" or body[:2] in (b"\xff\xfb", b"\xff\xf3")
    status, headers, body = raw(server, f"/api/v1/tracks/{mp3['id']}/download?format=mp3", token=store["owner"])
    assert status == 200 and headers["X-SoTube-Formats"] == "mp3" and body == store["sources"]["Ōne: Begin"]
    status, headers, problem = raw(server, f"/api/v1/tracks/{mp3['id']}/download?format=wav", token=store["owner"])
    assert status == 422 and json.loads(problem)["field"] == "format"
    status, _, body = raw(server, f"/api/v1/albums/{store['album']}/download?format=mp3", token=store["owner"])
    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert status == 200 and names[2] == "04 - Zoë Ünder_Score - Lossless.mp3", names


def test_a_player_downloads_the_same_original_as_the_web(store):
    """Subsonic `download` follows the web's rule: the imported FLAC, not the MP3 it plays from."""
    server, flac = store["server"], store["tracks"][3]
    status, _, made = server.request("POST", "/api/v1/me/app-passwords",
                                     {"label": "Player", "password": "long-enough-1"}, token=store["owner"])
    assert status == 201, made
    query = urllib.parse.urlencode({"id": flac["id"], "apiKey": made["secret"], "v": "1.16.1", "c": "pytest"})
    status, headers, body = raw(server, f"/rest/download?{query}")
    _, web_headers, web_body = raw(server, f"/api/v1/tracks/{flac['id']}/download", token=store["owner"])
    assert status == 200 and body == web_body == store["sources"]["Lossless"]
    assert headers["Content-Type"] == web_headers["Content-Type"] == "audio/flac"
    assert disposition_name(headers["Content-Disposition"]) == "Zoë Ünder_Score - Lossless.flac"


def test_every_imported_file_is_the_owners_alone(store):
    """MP3s are kept as imported and a FLAC's original beside its MP3: copies of 0644 sources, they
    still get the data folder's modes (files 0600, folders 0700)."""
    media = store["root"] / "data" / "media"
    seen = []
    for root, dirs, files in os.walk(media):
        for name in dirs:
            mode = os.lstat(os.path.join(root, name)).st_mode
            assert oct(mode & 0o7777) == "0o700", (os.path.join(root, name), oct(mode))
        for name in files:
            path = os.path.join(root, name)
            seen.append(name)
            assert oct(os.lstat(path).st_mode & 0o7777) == "0o600", (path, oct(os.lstat(path).st_mode))
    assert "full.mp3" in seen and "original.flac" in seen, seen


def test_everyone_but_the_owner_gets_404_for_a_song(store):
    server, tracks = store["server"], store["tracks"]
    for token, track in [(store["owner"], tracks[1]), (store["other"], tracks[0]), (None, tracks[0])]:
        status, headers, body = raw(server, f"/api/v1/tracks/{track['id']}/download", token=token)
        assert status == 404, (token, track["title"])
        assert headers["Content-Type"] == "application/problem+json"
        assert b"ID3" not in body[:16]
    assert raw(server, "/api/v1/tracks/no-such-song/download", token=store["owner"])[0] == 404


def test_an_ended_session_gets_the_preview_at_once_though_audio_sessions_are_remembered(store):
    """Audio reads remember their session for a moment (a seek is a new range request); a log-out or a
    password change on this server still ends full audio with the very next request."""
    server, track = store["server"], store["tracks"][0]
    path = f"/api/v1/tracks/{track['id']}/audio"

    def rendition(token):
        status, headers, _ = raw(server, path, token=token, headers={"Range": "bytes=0-1"})
        assert status == 206
        return headers["X-SoTube-Rendition"]

    def log_in():
        status, _, body = server.request("POST", "/api/v1/auth/login",
                                         {"username": "owner", "password": "long-enough-1"})
        assert status == 200, body
        return body["token"]

    first, second = log_in(), log_in()
    assert rendition(first) == rendition(second) == "full"
    assert server.request("POST", "/api/v1/auth/logout", token=first)[0] == 204
    assert rendition(first) == "preview"
    assert rendition(second) == "full"
    status, _, body = server.request("PUT", "/api/v1/me/password",
                                     {"currentPassword": "long-enough-1", "newPassword": "long-enough-2"},
                                     token=store["owner"])
    assert status in (200, 204), body
    assert rendition(second) == "preview"  # the password change ended the owner's other sessions
    assert rendition(store["owner"]) == "full"
    status, _, body = server.request("PUT", "/api/v1/me/password",
                                     {"currentPassword": "long-enough-2", "newPassword": "long-enough-1"},
                                     token=store["owner"])
    assert status in (200, 204), body


def test_the_album_zip_holds_only_the_owned_songs_in_order_and_the_cover(store):
    server = store["server"]
    status, headers, body = raw(server, f"/api/v1/albums/{store['album']}/download", token=store["owner"])
    assert status == 200
    assert headers["Content-Type"] == "application/zip"
    assert int(headers["Content-Length"]) == len(body)
    assert disposition_name(headers["Content-Disposition"]) == "Zoë Ünder_Score - Downloads Album.zip"
    archive = zipfile.ZipFile(io.BytesIO(body))
    assert archive.testzip() is None  # every CRC-32 matches
    assert archive.namelist() == [
        "01 - Zoë Ünder_Score - Ōne_ Begin.mp3", "03 - Zoë Ünder_Score - Thrée_.mp3",
        "04 - Zoë Ünder_Score - Lossless.flac", "cover.jpg"]
    assert archive.read("01 - Zoë Ünder_Score - Ōne_ Begin.mp3") == store["sources"]["Ōne: Begin"]
    assert archive.read("03 - Zoë Ünder_Score - Thrée_.mp3") == store["sources"]["Thrée?"]
    assert archive.read("04 - Zoë Ünder_Score - Lossless.flac") == store["sources"]["Lossless"]
    cover = archive.read("cover.jpg")
    assert cover[:3] == b"\xff\xd8\xff" and len(cover) > 1000
    assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())


def test_non_owners_and_guests_get_404_for_the_album_zip(store):
    server = store["server"]
    for token in (store["other"], None):
        status, headers, _ = raw(server, f"/api/v1/albums/{store['album']}/download", token=token)
        assert status == 404 and headers["Content-Type"] == "application/problem+json"
    assert raw(server, "/api/v1/albums/nope/download", token=store["owner"])[0] == 404


def policy(headers):
    """The Content-Security-Policy as {directive: [sources]}."""
    parts = (part.split() for part in headers["Content-Security-Policy"].split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


def test_embed_pages_may_be_framed_anywhere_and_other_pages_only_here(store):
    server, track = store["server"], store["tracks"][0]
    for path in (f"/embed/song/{track['id']}", f"/embed/album/{store['album']}"):
        status, headers, body = raw(server, path)
        assert status == 200, path
        assert policy(headers)["frame-ancestors"] == ["*"]
        assert "X-Frame-Options" not in headers
        page = body.decode()
        assert f"/api/v1/tracks/{track['id']}/audio" in page and "application/json+oembed" in page
    for path in (f"/song/{track['id']}", "/", "/healthz", f"/api/v1/albums/{store['album']}"):
        status, headers, _ = raw(server, path)
        assert status == 200, path
        assert policy(headers)["frame-ancestors"] == ["'self'"], path
        assert headers["X-Frame-Options"] == "SAMEORIGIN"
    assert raw(server, "/embed/song/nope")[0] == 404


def test_pages_run_only_scripts_from_the_server(store):
    """Every HTML page: scripts only from files on this server (an injected inline script or
    handler would not run), nothing sniffed into another type, no path leaked to other sites."""
    server, track = store["server"], store["tracks"][0]
    for path in ("/", f"/song/{track['id']}?t=12", f"/embed/song/{track['id']}", f"/embed/album/{store['album']}",
                 "/api/v1/tracks/nope"):
        _, headers, body = raw(server, path)
        rules = policy(headers)
        assert rules["script-src"] == ["'self'"], path
        assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"], path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin", path
        page = body.decode(errors="replace")
        if "<html" in page:
            assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page) is None, f"inline script on {path}"
            assert re.search(r"\son[a-z]+\s*=", page) is None, f"inline handler on {path}"


def test_oembed_answers_for_song_and_album_urls(store):
    server, track = store["server"], store["tracks"][2]
    for url, frame, title in [
        (f"{server.base}/song/{track['id']}", f"/embed/song/{track['id']}", track["title"]),
        (f"{server.base}/#/album/{store['album']}", f"/embed/album/{store['album']}", "Downloads Album"),
    ]:
        status, _, answer = server.request("GET", "/oembed?" + urllib.parse.urlencode({"url": url, "maxwidth": 320}))
        assert status == 200, answer
        assert answer["version"] == "1.0" and answer["type"] == "rich" and answer["provider_name"] == "SoTube"
        assert answer["title"] == title and answer["author_name"] == ARTIST
        assert f'src="{server.base}{frame}"' in answer["html"] and answer["width"] == 320
        assert answer["thumbnail_url"].startswith(server.base + "/api/v1/albums/")
    assert server.request("GET", "/oembed?url=" + urllib.parse.quote(server.base + "/song/nope"))[0] == 404
    assert server.request("GET", "/oembed?url=" + urllib.parse.quote("https://example.com/about"))[0] == 404
    url = urllib.parse.quote(f"{server.base}/song/{track['id']}")
    assert server.request("GET", f"/oembed?url={url}&format=xml")[0] == 501


def test_a_moment_starts_the_preview_only_within_it_and_the_owner_anywhere(store):
    server, track = store["server"], store["tracks"][0]
    last = track["durationMs"] // 1000 - 1
    assert track["previewSeconds"] == 20  # a 40-second song: its preview is half of it
    cases = [(None, "12", 12), (None, "0:25", 0), (store["other"], "1m", 0), (store["owner"], "35", 35),
             (store["owner"], "5000", last), (None, "soon", 0)]
    for token, moment, start in cases:
        status, _, page = server.request("GET", f"/song/{track['id']}?t={urllib.parse.quote(moment)}", token=token)
        assert status == 200
        assert f'data-start="{start}"' in page, (moment, token is not None)
        # The song's embed starts at the same place, and its store link keeps the moment asked for.
        status, _, embed = server.request("GET", f"/embed/song/{track['id']}?t={urllib.parse.quote(moment)}",
                                          token=token)
        assert status == 200
        assert (f'data-start="{start}"' in embed) == (start > 0), (moment, token is not None)
        assert ("starts at" in embed) == (start > 0)


def test_oembed_keeps_the_shared_links_language_and_moment(store):
    """Issue 32 #18: a Russian share link with a moment embeds the Russian player from that moment."""
    server, track = store["server"], store["tracks"][0]
    for url in (f"{server.base}/song/{track['id']}?t=12&lang=ru", f"{server.base}/#/song/{track['id']}?t=12&lang=ru"):
        status, _, answer = server.request("GET", "/oembed?" + urllib.parse.urlencode({"url": url}))
        assert status == 200, answer
        assert f'src="{server.base}/embed/song/{track["id"]}?t=12&amp;lang=ru"' in answer["html"], answer["html"]
        assert "в SoTube" in answer["html"]
        frame = answer["html"].split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
        status, _, page = server.request("GET", frame[len(server.base):])
        assert status == 200 and '<html lang="ru">' in page and 'data-start="12"' in page
        assert "начинается с 0:12" in page
    album = f"{server.base}/#/album/{store['album']}?t=12"
    status, _, answer = server.request("GET", "/oembed?" + urllib.parse.urlencode({"url": album, "lang": "ru"}))
    assert status == 200 and f'/embed/album/{store["album"]}?lang=ru"' in answer["html"], answer["html"]
    status, _, answer = server.request("GET", "/oembed?" + urllib.parse.urlencode({"url": album}))
    assert f'/embed/album/{store["album"]}"' in answer["html"] and " on SoTube" in answer["html"]


def png_bytes(width, height):
    """A real PNG of `width` × `height` (1-bit grey), compressed by zlib: a huge one is a small file."""
    row = b"\x00" + b"\x00" * ((width + 7) // 8)
    squeezer = zlib.compressobj(9)
    data = b"".join(squeezer.compress(row) for _ in range(height)) + squeezer.flush()

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def test_a_profile_photo_is_uploaded_cropped_shown_and_removed(store, tmp_path):
    server = store["server"]
    token = register(server, "pictured")
    assert server.request("GET", "/api/v1/me", token=token)[2].get("avatarUrl") is None
    photo = tmp_path / "photo.png"
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=400x300:rate=1", "-frames:v", "1", str(photo))
    status, _, answer = raw(server, "/api/v1/me/avatar", token=token, method="PUT", body=photo.read_bytes(),
                            headers={"Content-Type": "image/png"})
    assert status == 200, answer
    url = json.loads(answer)["avatarUrl"]
    assert server.request("GET", "/api/v1/me", token=token)[2].get("avatarUrl") == url
    for size, expected in [(None, 128), (64, 64), (512, 512)]:
        path = url if size is None else f"/api/v1/me/avatar?size={size}"
        status, headers, picture = raw(server, path, token=token)
        assert status == 200 and headers["Content-Type"] == "image/jpeg"
        probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                                "-"], input=picture, capture_output=True, check=True).stdout.decode().strip()
        assert probe == f"{expected},{expected}"
    # Another user sees their own (none), never this one.
    assert raw(server, "/api/v1/me/avatar", token=store["other"])[0] == 404
    assert raw(server, "/api/v1/me/avatar")[0] == 401

    video = tmp_path / "video.mp4"  # an MP4 video that calls itself a HEIF image (brand mif1)
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x240:rate=5", "-t", "1", "-c:v", "mpeg4", "-brand", "mif1",
           str(video))
    assert video.read_bytes()[4:12] == b"ftypmif1"
    refusals = [
        (b"just some text, not a picture\n" * 10, 415),
        (video.read_bytes(), 415),  # never handed to ffmpeg's video decoders
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 200, 422),  # the signature of a PNG, but nothing readable
        (png_bytes(30000, 30000), 422),  # 900 megapixels in a small file: a decompression bomb
        (b"\xff\xd8\xff" + b"\x00" * (10 * 1024 * 1024 + 10), 413),
    ]
    for payload, expected in refusals:
        status, headers, body = raw(server, "/api/v1/me/avatar", token=token, method="PUT", body=payload,
                                    headers={"Content-Type": "application/octet-stream"})
        assert status == expected, (len(payload), status, body[:200])
        assert headers["Content-Type"] == "application/problem+json"
        assert json.loads(body)["detail"]
        # Nothing changed: the earlier photo is still there.
        assert server.request("GET", "/api/v1/me", token=token)[2].get("avatarUrl") == url
    assert raw(server, "/healthz")[0] == 200

    assert raw(server, "/api/v1/me/avatar", token=token, method="DELETE")[0] == 204
    assert server.request("GET", "/api/v1/me", token=token)[2].get("avatarUrl") is None
    assert raw(server, "/api/v1/me/avatar", token=token)[0] == 404


def test_the_new_routes_are_in_the_openapi_document(store):
    document = store["server"].request("GET", "/openapi.json")[2]
    validate(document)
    paths = document["paths"]
    for path, method in [("/api/v1/tracks/{id}/download", "get"), ("/api/v1/albums/{id}/download", "get"),
                         ("/api/v1/me/avatar", "put"), ("/api/v1/me/avatar", "delete"), ("/embed/song/{id}", "get"),
                         ("/embed/album/{id}", "get"), ("/oembed", "get")]:
        assert method in paths[path], (path, method)

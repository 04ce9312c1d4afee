"""stream, download and getCoverArt: the owner's original with ranges, HEAD and ETag; ffmpeg
transcoding to MP3 or Opus; cover art in the asked size, never upscaled."""
import json
import subprocess
import tempfile

from subsonic import rest


def alice(store):
    return {"apiKey": store.alice_key["secret"]}


def probe(data, suffix):
    with tempfile.NamedTemporaryFile(suffix=suffix) as file:
        file.write(data)
        file.flush()
        out = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", file.name],
                             capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_stream_sends_the_original_with_ranges_head_and_etag(store):
    song = store.tracks["Polar Night"]["id"]
    status, headers, whole = rest(store.base, "stream", {"id": song}, alice(store))
    assert status == 200 and headers["Content-Type"] == "audio/mpeg" and headers["Accept-Ranges"] == "bytes"
    assert int(headers["Content-Length"]) == len(whole) > 100_000
    status, headers, part = rest(store.base, "stream", {"id": song, "format": "raw"}, alice(store),
                                 headers={"Range": "bytes=0-1"})
    assert status == 206 and part == whole[:2] and headers["Content-Range"] == f"bytes 0-1/{len(whole)}"
    etag = headers["ETag"]
    status, _, _ = rest(store.base, "stream", {"id": song}, alice(store), headers={"If-None-Match": etag})
    assert status == 304
    status, _, downloaded = rest(store.base, "download", {"id": song}, alice(store))
    assert status == 200 and downloaded == whole
    import urllib.request, urllib.parse
    query = urllib.parse.urlencode({"id": song, "apiKey": store.alice_key["secret"], "f": "json"})
    request = urllib.request.Request(f"{store.base}/rest/stream?{query}", method="HEAD")
    with urllib.request.urlopen(request) as response:
        assert response.status == 200 and response.read() == b""
        assert int(response.headers["Content-Length"]) == len(whole)


def test_stream_transcodes_to_mp3_and_opus(store):
    song = store.tracks["Green Veil"]["id"]
    status, headers, body = rest(store.base, "stream", {"id": song, "format": "mp3", "maxBitRate": 64}, alice(store))
    assert status == 200 and headers["Content-Type"] == "audio/mpeg"
    info = probe(body, ".mp3")
    assert info["streams"][0]["codec_name"] == "mp3" and int(info["streams"][0]["bit_rate"]) == 64000
    status, headers, body = rest(store.base, "stream", {"id": song, "format": "opus"}, alice(store))
    assert status == 200 and headers["Content-Type"] == "audio/ogg"
    info = probe(body, ".ogg")
    assert info["streams"][0]["codec_name"] == "opus" and 11 <= float(info["format"]["duration"]) <= 13
    # A limit below the original's 128 kb/s transcodes; one above it sends the original.
    status, headers, body = rest(store.base, "stream", {"id": song, "maxBitRate": 96}, alice(store))
    assert headers["Content-Type"] == "audio/mpeg" and "Content-Length" not in headers
    assert int(probe(body, ".mp3")["streams"][0]["bit_rate"]) == 96000
    status, headers, body = rest(store.base, "stream", {"id": song, "maxBitRate": 320}, alice(store))
    assert int(headers["Content-Length"]) == len(body)
    status, headers, body = rest(store.base, "stream", {"id": song, "format": "flac"}, alice(store))
    assert b'"status":"failed"' in body


def test_cover_art_in_the_asked_size_never_upscaled(store):
    album = store.albums["Northern Lights"]["id"]
    sizes = {}
    for size in [50, 300, 2000]:
        status, headers, body = rest(store.base, "getCoverArt", {"id": album, "size": size}, alice(store))
        assert status == 200 and headers["Content-Type"] == "image/jpeg", body[:200]
        stream = probe(body, ".jpg")["streams"][0]
        sizes[size] = (stream["width"], stream["height"])
    assert sizes == {50: (50, 50), 300: (300, 300), 2000: (600, 600)}
    first = rest(store.base, "getCoverArt", {"id": album, "size": 50}, alice(store))[2]
    again = rest(store.base, "getCoverArt", {"id": album, "size": 50}, alice(store))[2]
    assert first == again
    song = store.tracks["Solar Wind"]["id"]
    status, headers, _ = rest(store.base, "getCoverArt", {"id": song}, alice(store))
    assert status == 200 and headers["Content-Type"] == "image/jpeg"


def test_every_answer_carries_the_security_headers(store):
    """`/rest` skips the web app's middlewares (a ping costs less): envelopes in both formats, Subsonic
    errors, audio and a refused range set the browser-side defences themselves."""
    song = store.tracks["Polar Night"]["id"]
    answers = {
        "ping json": rest(store.base, "ping", {}, alice(store)),
        "ping xml": rest(store.base, "ping", {}, alice(store), fmt=None),
        "not owned": rest(store.base, "getSong", {"id": "no-such-song"}, alice(store)),
        "audio range": rest(store.base, "stream", {"id": song}, alice(store), headers={"Range": "bytes=0-1"}),
        "refused range": rest(store.base, "stream", {"id": song, "format": "raw"}, alice(store),
                              headers={"Range": "bytes=999999999-"}),
    }
    assert answers["audio range"][0] == 206 and answers["refused range"][0] == 416
    for name, (status, headers, body) in answers.items():
        assert headers["X-Content-Type-Options"] == "nosniff", name
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin", name
        assert "frame-ancestors 'self'" in headers["Content-Security-Policy"], name
    assert b'"code":70' in answers["not owned"][2].replace(b" ", b"")

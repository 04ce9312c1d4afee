"""One playback decision for both APIs (PlaybackService): the web audio route and `/rest/stream` give
an owner the same stored file; a non-owner gets the preview on the web and nothing in a player;
`format=raw` is the stored file whatever the player's bit-rate limit."""
import json

from subsonic import rest


def key(store, buyer):
    return {"apiKey": getattr(store, f"{buyer}_key")["secret"]}


def web_audio(store, buyer, song):
    return store.server.fetch("GET", f"/api/v1/tracks/{song}/audio", token=getattr(store, buyer).token)


def test_an_owner_gets_the_same_file_from_the_web_and_a_player(store):
    song = store.tracks["Polar Night"]["id"]
    status, headers, web = web_audio(store, "alice", song)
    assert status == 200 and headers["X-SoTube-Rendition"] == "full"
    status, headers, player = rest(store.base, "stream", {"id": song}, key(store, "alice"))
    assert status == 200 and player == web and headers["Content-Type"] == "audio/mpeg"


def test_raw_is_the_stored_file_whatever_the_limit(store):
    """The refusal of a transcode tells the player to play the original (format=raw): it gets it,
    with its length and ranges, even with a limit below the song's 128 kb/s."""
    song = store.tracks["Polar Night"]["id"]
    _, _, web = web_audio(store, "alice", song)
    status, headers, body = rest(store.base, "stream", {"id": song, "format": "raw", "maxBitRate": 64},
                                 key(store, "alice"))
    assert status == 200 and int(headers["Content-Length"]) == len(body) and body == web


def test_a_non_owner_hears_the_preview_on_the_web_and_nothing_in_a_player(store):
    song = store.tracks["Polar Night"]["id"]
    status, headers, preview = web_audio(store, "bob", song)
    assert status == 200 and headers["X-SoTube-Rendition"] == "preview"
    for params in ({"id": song}, {"id": song, "format": "mp3"}, {"id": song, "maxBitRate": 64}):
        status, headers, body = rest(store.base, "stream", params, key(store, "bob"))
        envelope = json.loads(body)["subsonic-response"]
        assert status == 200 and envelope["status"] == "failed" and envelope["error"]["code"] == 70, params


def test_an_unknown_format_is_an_error_naming_the_parameter(store):
    song = store.tracks["Polar Night"]["id"]
    _, _, body = rest(store.base, "stream", {"id": song, "format": "flac"}, key(store, "alice"))
    error = json.loads(body)["subsonic-response"]["error"]
    assert error["code"] == 0 and "format" in error["message"] and "opus" in error["message"]

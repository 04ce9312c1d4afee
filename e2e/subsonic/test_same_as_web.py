"""The web API and `/rest` do the same thing the same way: a player's search is the web's search
(case and accents folded, every word the start of a word) over what the buyer owns, and a play in
the web app counts in the player."""
import subprocess

from conftest import Buyer, cli
from subsonic import call


def test_beyonce_finds_beyonce_in_a_player_as_on_the_web(store, tmp_path):
    folder = tmp_path / "music" / "Beyoncé" / "Lemonade"
    folder.mkdir(parents=True)
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:duration=8",
         "-metadata", "title=Formation", "-metadata", "artist=Beyoncé", "-metadata", "album=Lemonade",
         "-metadata", "track=1", "-c:a", "libmp3lame", "-b:a", "128k", str(folder / "01 Formation.mp3")],
        check=True)
    cli("import", str(tmp_path / "music"), "--data", str(store.data), data=store.data)
    status, _, web = store.server.request("GET", "/api/v1/search?q=beyonce")
    assert status == 200 and [track["title"] for track in web["tracks"]] == ["Formation"], web
    song = web["tracks"][0]["id"]

    freya = Buyer(store.server, "freya")
    cli("coins", "grant", "freya", "200", "--data", str(store.data), data=store.data)
    auth = {"apiKey": freya.app_password()["secret"]}
    assert call(store.base, "search3", {"query": "beyonce"}, auth)["searchResult3"].get("song", []) == []
    freya.buy(trackId=song)
    for query in ["beyonce", "BEYONCÉ", "bey form", "lemon"]:
        found = call(store.base, "search3", {"query": query}, auth)["searchResult3"]
        assert [entry["title"] for entry in found["song"]] == ["Formation"], query
    found = call(store.base, "search3", {"query": "beyonce"}, auth)["searchResult3"]
    assert [artist["name"] for artist in found["artist"]] == ["Beyoncé"]
    assert [album["name"] for album in found["album"]] == ["Lemonade"]
    assert call(store.base, "search2", {"query": "Beyonce"}, auth)["searchResult2"]["song"][0]["id"] == song

    status, _, _ = freya.api("POST", "/api/v1/me/recently-played", {"trackId": song})
    assert status == 204
    assert call(store.base, "getSong", {"id": song}, auth)["song"]["playCount"] == 1
    call(store.base, "scrobble", {"id": song}, auth)
    _, _, recent = freya.api("GET", "/api/v1/me/recently-played")
    assert [track["id"] for track in recent["tracks"]] == [song]
    assert call(store.base, "getSong", {"id": song}, auth)["song"]["playCount"] == 2

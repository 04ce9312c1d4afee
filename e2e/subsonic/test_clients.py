"""Real Subsonic client libraries from PyPI against SoTube: py-opensonic (strict models, token and
API-key auth, POST) and py-sonic (form POST, token and legacy `enc:` auth)."""
import urllib.parse

import libopensonic
import libsonic


def split(base):
    url = urllib.parse.urlparse(base)
    return f"{url.scheme}://{url.hostname}", url.port


def test_py_opensonic_browses_searches_stars_and_streams(store):
    host, port = split(store.base)
    for connection in [
        libopensonic.Connection(host, store.alice_key["username"], store.alice_key["secret"], port=port),
        libopensonic.Connection(host, api_key=store.alice_key["secret"], port=port),
    ]:
        try:
            assert connection.ping()
            albums = connection.get_album_list2("alphabeticalByName")
            assert [album.name for album in albums] == ["Northern Lights", "Second Wind"]
            album = connection.get_album(albums[0].id)
            assert [song.title for song in album.song] == ["Polar Night", "Green Veil", "Solar Wind"]
            assert album.song[0].duration >= 11 and album.song[0].suffix == "mp3"
            everything = connection.search3("", song_count=100)
            assert len(everything.song) == 4
            assert connection.star(sids=[album.song[0].id])
            assert [song.id for song in connection.get_starred2().song] == [album.song[0].id]
            assert connection.unstar(sids=[album.song[0].id])
            assert not connection.get_starred2().song
            artists = connection.get_artists()
            assert sum(len(index.artist) for index in artists.index) == 2
            response = connection.stream(album.song[0].id)
            assert response.headers["Content-Type"] == "audio/mpeg"
            cover = connection.get_cover_art(albums[0].id, size=100)
            assert cover.headers["Content-Type"] == "image/jpeg"
        finally:
            connection.cleanup()


def test_py_sonic_with_token_and_legacy_auth(store):
    host, port = split(store.base)
    for legacy in [False, True]:
        connection = libsonic.Connection(host, store.alice_key["username"], store.alice_key["secret"], port=port,
                                         legacyAuth=legacy)
        assert connection.ping()
        albums = connection.getAlbumList2("newest")["albumList2"]["album"]
        assert {album["name"] for album in albums} == {"Northern Lights", "Second Wind"}
        result = connection.search3("")["searchResult3"]
        assert len(result["song"]) == 4
        song = result["song"][0]["id"]
        audio = connection.stream(song)
        assert audio.info()["Content-Type"] == "audio/mpeg" and len(audio.read()) > 100_000
    wrong = libsonic.Connection(host, "bob", store.alice_key["secret"], port=port)
    try:
        wrong.ping()
        raise AssertionError("bob with alice's app password must be refused")
    except libsonic.errors.SonicError as error:
        assert error.args and "Wrong username or password" in str(error)


def test_a_buyers_own_playlists_from_players_and_the_web(store):
    """Issue 32 #17: playlists made in a player are on the web and the other way round; a player is
    shown the songs it can play (owned), in the buyer's order; answers fit the OpenSubsonic schemas."""
    from subsonic import call, error_code

    host, port = split(store.base)
    auth = {"apiKey": store.alice_key["secret"]}
    owned = [store.tracks[title]["id"] for title in ["Polar Night", "Green Veil", "Low Tide"]]
    not_owned = store.tracks["High Noon"]["id"]
    # py-opensonic makes one, py-sonic adds to it and removes from it.
    opensonic = libopensonic.Connection(host, api_key=store.alice_key["secret"], port=port)
    try:
        assert opensonic.create_playlist(name="Car", song_ids=owned[:2])
        car = next(p for p in opensonic.get_playlists() if p.name == "Car")
        assert [song.id for song in opensonic.get_playlist(car.id).entry] == owned[:2]
    finally:
        opensonic.cleanup()
    sonic = libsonic.Connection(host, store.alice_key["username"], store.alice_key["secret"], port=port)
    sonic.updatePlaylist(car.id, name="Car trip", songIdsToAdd=[owned[2]], songIndexesToRemove=[0])
    shown = sonic.getPlaylist(car.id)["playlist"]
    assert shown["name"] == "Car trip" and [song["id"] for song in shown["entry"]] == owned[1:]
    # The web sees it; a song she does not own added there stays out of the player's view.
    status, _, page = store.alice.api("GET", f"/api/v1/me/playlists/{car.id}")
    assert status == 200 and [t["id"] for t in page["tracks"]] == owned[1:]
    status, _, _ = store.alice.api("POST", f"/api/v1/me/playlists/{car.id}/tracks", {"trackIds": [not_owned]})
    assert status == 200
    listed = call(store.base, "getPlaylists", {}, auth)["playlists"]["playlist"]
    assert [(p["name"], p["songCount"]) for p in listed] == [("Car trip", 2)]
    one = call(store.base, "getPlaylist", {"id": car.id}, auth)["playlist"]
    assert [song["id"] for song in one["entry"]] == owned[1:]
    made = call(store.base, "createPlaylist", {"name": "Mix", "songId": [owned[0]]}, auth)["playlist"]
    assert [song["id"] for song in made["entry"]] == [owned[0]]
    # Bob sees none of hers and cannot delete them.
    bob = {"apiKey": store.bob_key["secret"]}
    assert call(store.base, "getPlaylists", {}, bob)["playlists"].get("playlist", []) == []
    assert error_code(call(store.base, "deletePlaylist", {"id": car.id}, bob)) == 70
    for playlist in (car.id, made["id"]):
        call(store.base, "deletePlaylist", {"id": playlist}, auth)
    assert call(store.base, "getPlaylists", {}, auth)["playlists"].get("playlist", []) == []

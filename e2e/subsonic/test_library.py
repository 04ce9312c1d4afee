"""The purchased library through `/rest`: every JSON answer validated against the OpenSubsonic
schemas, XML carrying the same data, and two buyers who never see each other's purchases."""
import pytest

from subsonic import call, call_xml, error_code, rest, NS

LIST_TYPES = [
    ("newest", {}), ("recent", {}), ("frequent", {}), ("random", {}), ("alphabeticalByName", {}),
    ("alphabeticalByArtist", {}), ("starred", {}), ("byYear", {"fromYear": 2000, "toYear": 2030}),
    ("byGenre", {"genre": "Jazz"}),
]


def alice(store):
    return {"apiKey": store.alice_key["secret"]}


def bob(store):
    return {"apiKey": store.bob_key["secret"]}


def song_titles(songs):
    return sorted(song["title"] for song in songs)


def test_albums_are_what_the_user_bought(store):
    albums = call(store.base, "getAlbumList2", {"type": "alphabeticalByName"}, alice(store))["albumList2"]["album"]
    assert [album["name"] for album in albums] == ["Northern Lights", "Second Wind"]
    counts = {album["name"]: album["songCount"] for album in albums}
    assert counts == {"Northern Lights": 3, "Second Wind": 1}  # only the owned song of Second Wind
    northern = albums[0]
    assert northern["artist"] == "Aurora Test" and northern["year"] == 2021 and northern["coverArt"]
    for list_type, extra in LIST_TYPES:
        call(store.base, "getAlbumList2", {"type": list_type, **extra}, alice(store))
        call(store.base, "getAlbumList", {"type": list_type, **extra}, alice(store))
    by_genre = call(store.base, "getAlbumList2", {"type": "byGenre", "genre": "Jazz"}, alice(store))
    assert [album["name"] for album in by_genre["albumList2"]["album"]] == ["Second Wind"]
    assert error_code(call(store.base, "getAlbumList2", {}, alice(store))) == 10
    assert error_code(call(store.base, "getAlbumList2", {"type": "byYear"}, alice(store))) == 10


def test_songs_carry_what_players_need(store):
    album_id = store.albums["Northern Lights"]["id"]
    album = call(store.base, "getAlbum", {"id": album_id}, alice(store))["album"]
    songs = album["song"]
    assert [song["title"] for song in songs] == ["Polar Night", "Green Veil", "Solar Wind"]
    for number, song in enumerate(songs, start=1):
        for field in ["id", "parent", "title", "album", "artist", "albumId", "artistId", "coverArt", "track",
                      "discNumber", "year", "genre", "duration", "size", "suffix", "contentType", "bitRate",
                      "created", "playCount"]:
            assert field in song, field
        assert song["track"] == number and song["albumId"] == album_id and song["suffix"] == "mp3"
        assert song["contentType"] == "audio/mpeg" and 11 <= song["duration"] <= 13 and song["size"] > 100_000
        assert song["id"] == store.tracks[song["title"]]["id"]  # the store's own ids
    one = call(store.base, "getSong", {"id": songs[0]["id"]}, alice(store))["song"]
    assert one == songs[0]


def test_xml_and_json_carry_the_same_data(store):
    album_id = store.albums["Northern Lights"]["id"]
    json_album = call(store.base, "getAlbum", {"id": album_id}, alice(store))["album"]
    root = call_xml(store.base, "getAlbum", {"id": album_id}, alice(store))
    assert root.get("status") == "ok" and root.get("openSubsonic") == "true"
    xml_album = root.find(NS + "album")
    assert xml_album.get("name") == json_album["name"] and xml_album.get("songCount") == str(json_album["songCount"])
    xml_songs = xml_album.findall(NS + "song")
    assert len(xml_songs) == len(json_album["song"])
    for xml_song, json_song in zip(xml_songs, json_album["song"]):
        for key, value in json_song.items():
            if isinstance(value, dict):  # a child element (OpenSubsonic replayGain)
                child = xml_song.find(NS + key)
                assert child is not None and {k: float(v) for k, v in child.attrib.items()} == value, key
                continue
            expected = str(value).lower() if isinstance(value, bool) else str(value)
            assert xml_song.get(key) == expected, key
        assert json_song["replayGain"]["trackGain"] > 0, "generated tones are quieter than -18 LUFS"


def test_browsing_by_artist_folder_and_genre(store):
    artists = call(store.base, "getArtists", {}, alice(store))["artists"]
    names = [artist["name"] for index in artists["index"] for artist in index["artist"]]
    assert sorted(names) == ["Aurora Test", "The Brass Ones"]
    letters = {index["name"] for index in artists["index"]}
    assert letters == {"A", "B"}  # "The" is an ignored article
    indexes = call(store.base, "getIndexes", {}, alice(store))["indexes"]
    assert sum(len(index["artist"]) for index in indexes["index"]) == 2
    aurora = store.albums["Northern Lights"]["artistId"]
    artist = call(store.base, "getArtist", {"id": aurora}, alice(store))["artist"]
    assert artist["name"] == "Aurora Test" and [album["name"] for album in artist["album"]] == ["Northern Lights"]
    folder = call(store.base, "getMusicDirectory", {"id": aurora}, alice(store))["directory"]
    assert [child["title"] for child in folder["child"]] == ["Northern Lights"] and folder["child"][0]["isDir"]
    songs = call(store.base, "getMusicDirectory", {"id": folder["child"][0]["id"]}, alice(store))["directory"]
    assert len(songs["child"]) == 3
    genres = {genre["value"]: genre for genre in call(store.base, "getGenres", {}, alice(store))["genres"]["genre"]}
    assert genres["Ambient"]["songCount"] == 3 and genres["Jazz"]["songCount"] == 1
    for method in ["getMusicFolders", "getLicense", "getPlaylists"]:
        call(store.base, method, {}, alice(store))
    assert call(store.base, "getUser", {"username": "alice"}, alice(store))["user"]["streamRole"] is True
    assert error_code(call(store.base, "getUser", {"username": "bob"}, alice(store))) == 50
    call(store.base, "getAlbumInfo2", {"id": store.albums["Northern Lights"]["id"]}, alice(store))
    random = call(store.base, "getRandomSongs", {"size": 10}, alice(store))["randomSongs"]["song"]
    assert len(random) == 4


def test_an_empty_search_pages_through_everything(store):
    for query in ["", '""']:
        seen = []
        for offset in range(0, 6, 2):
            result = call(store.base, "search3", {"query": query, "songCount": 2, "songOffset": offset,
                                                  "albumCount": 1, "artistCount": 1}, alice(store))["searchResult3"]
            seen += result.get("song", [])
        assert song_titles(seen) == ["Green Veil", "Low Tide", "Polar Night", "Solar Wind"], query
    found = call(store.base, "search3", {"query": "wind"}, alice(store))["searchResult3"]
    assert song_titles(found["song"]) == ["Low Tide", "Solar Wind"]  # Low Tide is on "Second Wind"
    assert [album["name"] for album in found["album"]] == ["Second Wind"]
    call(store.base, "search2", {"query": ""}, alice(store))


def test_stars_are_the_web_apps_favourites(store):
    song = store.tracks["Green Veil"]["id"]
    assert call(store.base, "star", {"id": song}, alice(store))["status"] == "ok"
    _, _, favourites = store.alice.api("GET", "/api/v1/me/favourites")
    assert song in [track["id"] for track in favourites["tracks"]]
    starred = call(store.base, "getStarred2", {}, alice(store))["starred2"]
    assert [entry["id"] for entry in starred["song"]] == [song] and starred["song"][0]["starred"]
    assert call(store.base, "unstar", {"id": song}, alice(store))["status"] == "ok"
    _, _, favourites = store.alice.api("GET", "/api/v1/me/favourites")
    assert song not in [track["id"] for track in favourites["tracks"]]
    # Starring an album stars its owned songs; the album then counts as starred.
    second = store.albums["Second Wind"]["id"]
    call(store.base, "star", {"albumId": second}, alice(store))
    starred = call(store.base, "getStarred2", {}, alice(store))["starred2"]
    assert [album["id"] for album in starred["album"]] == [second]
    call(store.base, "unstar", {"albumId": second}, alice(store))
    assert call(store.base, "getStarred2", {}, alice(store))["starred2"]["song"] == []


def test_scrobbles_count_plays_only_when_submitted(store):
    song = store.tracks["Solar Wind"]["id"]

    def plays():
        return call(store.base, "getSong", {"id": song}, alice(store))["song"]["playCount"]

    before = plays()
    status, _, _ = rest(store.base, "stream", {"id": song}, alice(store))
    assert status == 200 and plays() == before  # streaming never counts
    call(store.base, "scrobble", {"id": song, "submission": "false"}, alice(store))
    assert plays() == before
    call(store.base, "scrobble", {"id": song}, alice(store))
    assert plays() == before + 1
    _, _, recent = store.alice.api("GET", "/api/v1/me/recently-played")
    assert recent["tracks"][0]["id"] == song
    frequent = call(store.base, "getAlbumList2", {"type": "frequent"}, alice(store))["albumList2"]["album"]
    assert frequent[0]["id"] == store.albums["Northern Lights"]["id"]


def test_the_other_buyer_never_sees_streams_downloads_or_stars_alices_songs(store):
    mine = store.tracks["High Noon"]["id"]
    hers = store.tracks["Polar Night"]["id"]
    northern = store.albums["Northern Lights"]
    everything = call(store.base, "search3", {"query": ""}, bob(store))["searchResult3"]
    assert [song["id"] for song in everything["song"]] == [mine]
    assert [album["name"] for album in everything["album"]] == ["Second Wind"]
    assert [artist["name"] for artist in everything["artist"]] == ["The Brass Ones"]
    albums = call(store.base, "getAlbumList2", {"type": "newest"}, bob(store))["albumList2"]["album"]
    assert [(album["name"], album["songCount"]) for album in albums] == [("Second Wind", 1)]
    second = call(store.base, "getAlbum", {"id": store.albums["Second Wind"]["id"]}, bob(store))["album"]
    assert [song["title"] for song in second["song"]] == ["High Noon"]
    for method, params in [
        ("getAlbum", {"id": northern["id"]}), ("getSong", {"id": hers}), ("getArtist", {"id": northern["artistId"]}),
        ("getMusicDirectory", {"id": northern["id"]}), ("star", {"id": hers}), ("scrobble", {"id": hers}),
        ("getAlbumInfo2", {"id": northern["id"]}),
    ]:
        assert error_code(call(store.base, method, params, bob(store))) == 70, method
    _, _, favourites = store.bob.api("GET", "/api/v1/me/favourites")
    assert favourites["tracks"] == []
    for method, params in [("stream", {"id": hers}), ("download", {"id": hers}), ("getCoverArt", {"id": northern["id"]}),
                           ("stream", {"id": hers, "format": "mp3"}), ("getCoverArt", {"id": hers})]:
        status, headers, body = rest(store.base, method, params, bob(store))
        assert status == 200 and headers["Content-Type"].startswith("application/json"), method
        assert b'"code":70' in body and len(body) < 1000, method
    status, headers, body = rest(store.base, "stream", {"id": hers}, bob(store), headers={"Range": "bytes=0-1"})
    assert status == 200 and b'"code":70' in body
    # Bob's own song streams.
    status, headers, body = rest(store.base, "stream", {"id": mine}, bob(store))
    assert status == 200 and headers["Content-Type"] == "audio/mpeg" and len(body) > 100_000

"""Lists and searches through `/rest` follow the buyer at once: a purchase, a play or a star made
after a player has paged through the library shows in the very next answer (the server keeps each
buyer's owned lists in memory, so this is what could go stale)."""
from conftest import Buyer, cli
from subsonic import call


def albums(store, auth, list_type="alphabeticalByName"):
    return call(store.base, "getAlbumList2", {"type": list_type}, auth)["albumList2"]["album"]


def search(store, auth, query):
    return call(store.base, "search3", {"query": query}, auth)["searchResult3"]


def test_a_purchase_a_play_and_a_star_show_at_once_in_lists_and_searches(store):
    dora = Buyer(store.server, "dora")
    cli("coins", "grant", "dora", "200", "--data", str(store.data), data=store.data)
    auth = {"apiKey": dora.app_password()["secret"]}
    dora.buy(trackId=store.tracks["Low Tide"]["id"])
    assert [album["name"] for album in albums(store, auth)] == ["Second Wind"]
    assert [song["title"] for song in search(store, auth, "")["song"]] == ["Low Tide"]
    assert search(store, auth, "polar").get("song", []) == []
    assert [artist["name"] for artist in search(store, auth, "")["artist"]] == ["The Brass Ones"]

    dora.buy(albumId=store.albums["Northern Lights"]["id"])
    assert [album["name"] for album in albums(store, auth)] == ["Northern Lights", "Second Wind"]
    assert [album["name"] for album in albums(store, auth, "newest")] == ["Northern Lights", "Second Wind"]
    assert [album["name"] for album in albums(store, auth, "alphabeticalByArtist")] == [
        "Northern Lights", "Second Wind"]
    assert sorted(song["title"] for song in search(store, auth, "")["song"]) == [
        "Green Veil", "Low Tide", "Polar Night", "Solar Wind"]
    assert [song["title"] for song in search(store, auth, "polar")["song"]] == ["Polar Night"]
    assert [artist["name"] for artist in search(store, auth, "")["artist"]] == ["Aurora Test", "The Brass Ones"]
    assert [album["name"] for album in search(store, auth, "aurora")["album"]] == ["Northern Lights"]

    polar = store.tracks["Polar Night"]["id"]
    assert search(store, auth, "polar")["song"][0]["playCount"] == 0
    call(store.base, "scrobble", {"id": polar}, auth)
    assert search(store, auth, "polar")["song"][0]["playCount"] == 1
    northern = next(album for album in albums(store, auth) if album["name"] == "Northern Lights")
    assert northern["playCount"] == 1 and northern.get("played")

    second = store.albums["Second Wind"]["id"]
    assert "starred" not in albums(store, auth)[1]
    call(store.base, "star", {"albumId": second}, auth)
    assert albums(store, auth)[1]["starred"]
    assert search(store, auth, "low tide")["song"][0]["starred"]
    assert search(store, auth, "wind")["album"][0]["starred"]
    call(store.base, "unstar", {"albumId": second}, auth)
    assert "starred" not in albums(store, auth)[1]

"""App passwords on `/rest`: the three ways players send them, the error codes, revocation,
throttling, and that web passwords and secrets never work or leak."""
import hashlib
import time

from conftest import Buyer
from subsonic import call, call_xml, error_code, rest, token_auth, NS


def test_an_app_password_works_as_api_key_token_and_password(store):
    secret, name = store.alice_key["secret"], store.alice_key["username"]
    assert name == "alice" and store.alice_key["serverUrl"] == store.base  # the address the browser used
    for auth in [
        {"apiKey": secret},
        token_auth(name, secret),
        token_auth("ALICE", secret),  # usernames are not case-sensitive
        {"u": name, "p": secret},
        {"u": name, "p": "enc:" + secret.encode().hex()},
    ]:
        envelope = call(store.base, "tokenInfo", auth=auth)
        assert envelope["status"] == "ok" and envelope["tokenInfo"]["username"] == "alice", auth
        assert envelope["openSubsonic"] is True and envelope["version"] == "1.16.1"


def test_a_form_post_and_the_view_suffix_work_too(store):
    auth = {"apiKey": store.alice_key["secret"]}
    assert call(store.base, "ping", auth=auth, post=True)["status"] == "ok"
    assert call(store.base, "ping", auth=auth, view=True)["status"] == "ok"


def test_the_web_password_is_never_accepted(store):
    envelope = call(store.base, "getArtists", auth={"u": "alice", "p": "long-enough-password"})
    assert error_code(envelope) == 40


def test_errors_have_their_codes_and_http_200(store):
    secret = store.alice_key["secret"]
    assert error_code(call(store.base, "getArtists")) == 10
    assert error_code(call(store.base, "getArtists", auth={"u": "alice"})) == 10
    assert error_code(call(store.base, "getArtists", auth={"u": "alice", "t": "abc"})) == 10
    assert error_code(call(store.base, "getArtists", auth={"apiKey": secret, "u": "alice"})) == 43
    assert error_code(call(store.base, "getArtists", auth={"apiKey": "not-a-key"})) == 44
    # Someone else's name with alice's secret: the same answer as a wrong secret.
    wrong_user = call(store.base, "getArtists", auth={"u": "bob", "p": secret})
    wrong_secret = call(store.base, "getArtists", auth={"u": "alice", "p": secret + "x"})
    assert error_code(wrong_user) == error_code(wrong_secret) == 40
    assert wrong_user["error"]["message"] == wrong_secret["error"]["message"]
    unknown = call(store.base, "getAlbum", {"id": "no-such-album"}, auth={"apiKey": secret})
    assert error_code(unknown) == 70
    # XML by default, with the same error.
    root = call_xml(store.base, "getArtists", auth={"apiKey": "not-a-key"})
    assert root.get("status") == "failed" and root.find(NS + "error").get("code") == "44"


def test_ping_and_get_license_need_credentials_like_every_method_but_extensions(store):
    """The Subsonic API: a missing `u` (and no `apiKey`) is 10, "Required parameter is missing"."""
    for method in ("ping", "getLicense"):
        envelope = call(store.base, method)
        assert error_code(envelope) == 10, envelope
        assert "missing" in envelope["error"]["message"]
        root = call_xml(store.base, method)
        assert root.get("status") == "failed" and root.find(NS + "error").get("code") == "10"
        assert error_code(call(store.base, method, auth={"u": "nobody-at-all", "p": "wrong"})) == 40
        assert call(store.base, method, auth={"apiKey": store.alice_key["secret"]})["status"] == "ok"


def test_extensions_need_no_credentials(store):
    envelope = call(store.base, "getOpenSubsonicExtensions")
    names = {extension["name"] for extension in envelope["openSubsonicExtensions"]}
    assert {"apiKeyAuthentication", "formPost"} <= names


def test_listing_shows_last_use_never_the_secret_and_revoking_stops_it_at_once(store):
    made = store.alice.app_password("Feishin at work")
    status, _, listed = store.alice.api("GET", "/api/v1/me/app-passwords")
    assert status == 200
    mine = next(entry for entry in listed if entry["id"] == made["id"])
    assert mine["label"] == "Feishin at work" and mine.get("lastUsedAt") is None
    assert made["secret"] not in str(listed)
    assert len(made["secret"]) * 5 >= 128  # base32: ≥ 128 random bits
    assert call(store.base, "ping", auth={"apiKey": made["secret"]})["status"] == "ok"
    _, _, listed = store.alice.api("GET", "/api/v1/me/app-passwords")
    assert next(entry for entry in listed if entry["id"] == made["id"])["lastUsedAt"]
    # bob cannot revoke alice's app password.
    assert store.bob.api("DELETE", f"/api/v1/me/app-passwords/{made['id']}")[0] == 404
    assert call(store.base, "ping", auth={"apiKey": made["secret"]})["status"] == "ok"
    assert store.alice.api("DELETE", f"/api/v1/me/app-passwords/{made['id']}")[0] == 204
    assert error_code(call(store.base, "ping", auth={"apiKey": made["secret"]})) == 44
    assert error_code(call(store.base, "ping", auth=token_auth("alice", made["secret"]))) == 40
    assert store.alice.api("DELETE", f"/api/v1/me/app-passwords/{made['id']}")[0] == 404


def test_bad_labels_are_refused(store):
    for label in ["", "   ", "x" * 65]:
        status, headers, body = store.alice.api(
            "POST", "/api/v1/me/app-passwords", {"label": label, "password": "long-enough-password"})
        assert status == 422 and headers["Content-Type"] == "application/problem+json", body
    status, _, _ = store.server.request("GET", "/api/v1/me/app-passwords")
    assert status == 401


def test_failures_are_throttled_even_for_the_right_secret_afterwards(store):
    carol = Buyer(store.server, "carol")
    secret = carol.app_password()["secret"]
    codes = [error_code(call(store.base, "ping", auth={"u": "carol", "p": "wrong-" + str(n)})) for n in range(5)]
    assert codes == [40] * 5
    refused = call(store.base, "ping", auth={"u": "carol", "p": secret})
    assert error_code(refused) == 40 and "Too many" in refused["error"]["message"]


def test_failures_block_a_secret_that_just_worked(store):
    # The server remembers a working secret and "not blocked" for a few seconds; failures still
    # count and block at once.
    erin = Buyer(store.server, "erin")
    secret = erin.app_password()["secret"]
    assert call(store.base, "ping", auth={"u": "erin", "p": secret})["status"] == "ok"
    codes = [error_code(call(store.base, "ping", auth={"u": "erin", "p": "wrong-" + str(n)})) for n in range(5)]
    assert codes == [40] * 5
    refused = call(store.base, "ping", auth={"u": "erin", "p": secret})
    assert error_code(refused) == 40 and "Too many" in refused["error"]["message"]


def test_secrets_never_reach_the_log(store):
    secret = store.alice_key["secret"]
    auth = token_auth("alice", secret)
    call(store.base, "getArtists", auth=auth)
    call(store.base, "getArtists", auth={"apiKey": secret})
    # Request lines are written in batches, a moment later.
    deadline = time.time() + 10
    while "/rest/getArtists" not in (log := store.server.logs()) and time.time() < deadline:
        time.sleep(0.05)
    assert "/rest/getArtists" in log
    for leaked in [secret, auth["t"], auth["s"], hashlib.sha256(secret.encode()).hexdigest()]:
        assert leaked not in log

"""A bounded hostile fuzz (issue 28): one server, a small real catalog (an album of three songs, a buyer
who owns one, an app password for /rest, a pending sandbox top-up), then requests to every route with
hostile values in path segments, query parameters, headers and bodies: numbers past every integer
type ("1e19", "NaN", 300 digits …), empty, duplicated and malformed headers (`Content-Type:` empty,
`;`, Range garbage …) and broken JSON. The routes are the server's own OpenAPI document's plus those
it does not drive well: the pages, static files, every Subsonic method, the sandbox checkout form.
Requests go out over raw sockets, so malformed headers really reach the server.

Asserted: no answer is a 5xx or missing (a trap kills the process and the connection), the same
server process answers /healthz at the end, and its log has no 5xx. A fixed seed; about 30 s."""
import json
import random
import socket
import time
import urllib.parse
import uuid

from conftest import Server, cli, free_port, tagged_song

SEED = 20261128
BUDGET_SECONDS = 12  # the sending part (every route once, then a random mix); setup (three 8-second songs) takes about 10 s more

HUGE_NUMBERS = ["1e19", "-1e19", "1e308", "-1e308", "NaN", "nan", "inf", "-inf", "Infinity", "-0", "0",
                "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                "18446744073709551616", "0x10", "1.5", "1e-400", "9" * 300, "-" + "9" * 300, "2147483648",
                "4294967296", "00000000000000000000001"]
STRINGS = ["", " ", "x" * 5000, "\u202egnp.exe", "\u0000", "a\u0000b", "%00", "%", "%zz", "%ff%fe", "..", "../..",
           "ü" * 100, "😀" * 50, "'\"<>&", "null", "true", "[]", "{}", "\r\nX-Injected: 1", "%0d%0aX: 1",
           "a" * 200, "1:2:3:4", "99999999999h", "1m1s1h", ";", ","]
HOSTILE = HUGE_NUMBERS + STRINGS

CONTENT_TYPES = ["", ";", " ; ", ";;", "application/json;;charset", "application/json; charset=", "application/",
                 "/", "application/json\u0000", "text/plain", "multipart/form-data", "multipart/form-data; boundary=",
                 "application/x-www-form-urlencoded", "application/problem+json", "*/*", "application/json," * 50]
RANGES = ["bytes=99999999999999999999-", "bytes=-0", "bytes=1-0", "bytes=0-99999999999999999999", "bytes=-",
          "bytes=--1", "bytes=-99999999999999999999", "bytes=9223372036854775807-", "bytes=0-9223372036854775807",
          "bytes=9223372036854775806-9223372036854775807", ",".join(f"{i}-{i}" for i in range(300)),
          "bytes=" + ",".join(f"{i}-{i + 1}" for i in range(0, 3000, 2)), "bytes=0-0,-1", "items=0-1", "bytes",
          "bytes=", "bytes=a-b", "bytes=1e3-2e3", "bytes= 0 - 1 ", "bytes=0x10-0x20", "bytes=-1e19"]
DATES = ["", "garbage", "Thu, 99 Nov 2026 25:61:61 GMT", "Sun, 06 Nov 1994 08:49:37 GMT",
         "Fri, 31 Dec 99999 23:59:59 GMT", "Mon, 01 Jan 0000 00:00:00 GMT", "-1", "9" * 40, "Thu, 01 Jan 1970 00:00:00"]
ETAGS = ["", "*", '"', '""', 'W/"x"', '"x", W/', ",,,", "W/", '"' + "a" * 5000 + '"', ", ".join(['"x"'] * 500)]
ENCODINGS = ["", ";", "gzip;q=NaN", "gzip;q=1e19", "gzip;q=-1", "gzip;q=", "*;q=0", ",,,", "gzip;;;", "q=1",
             "gzip;q=0.5;q=0", "br, " * 200, "gzip;q=9" * 10]
AUTHS = ["", "Bearer", "Bearer ", "Bearer \u0000", "Basic !!!", "Basic", "bearer " + "a" * 10240, "Bearer " + "é" * 20,
         "Digest x", "Bearer a b c"]
COOKIES = ["", ";", "=;=;=", "sotube_session", "sotube_session=", "sotube_session=" + "a" * 5000,
           "sotube_session=%zz; sotube_csrf=%", "a=b" + "; a=b" * 300, "sotube_session=\"x"]
FORWARDED = ["", ",", ", , ,", "999.999.999.999", "::::::", "a" * 3000, "1.2.3.4, " * 200, "unknown", "[::1]:99999"]
HEADER_SETS = {
    "Content-Type": CONTENT_TYPES, "Range": RANGES, "If-Range": DATES + ETAGS, "If-None-Match": ETAGS,
    "If-Modified-Since": DATES, "Accept-Encoding": ENCODINGS, "Authorization": AUTHS, "Cookie": COOKIES,
    "X-Forwarded-For": FORWARDED, "X-Forwarded-Proto": ["", ",", "https, http", "HTTPS" * 100],
    "Idempotency-Key": ["", " ", "a" * 5000, "\u00e9", "k" * 300], "Origin": ["", "null", "://", "http://", "x" * 3000],
    "Sec-Fetch-Site": ["", "cross-site", "\u00ff"], "X-CSRF-Token": ["", "x" * 3000],
    "X-Sandbox-Signature": ["", "zz", "0" * 64, "%" * 100], "Accept": ["", "*/*;q=NaN", "application/json;q=1e19"],
}
BROKEN_BODIES = [b"", b"{", b'{"a":', b"[", b"null", b"1e400", b"9" * 300, b'"x"', b"[" * 10000, b"{\"a\":" * 5000,
                 b'{"trackId": 1e19}', b'{"trackId": "x", "trackId": 5}', b"\xff\xfe\x00", b'{"x": "\\ud800"}',
                 b'{"expectedPrice": 1e19, "trackId": "t"}', b'{"expectedPrice": -9223372036854775809}',
                 b'{"expectedPrice": 9223372036854775808}', b'{"limit": NaN}', b'{"a": Infinity}',
                 b'{"username": "' + b"a" * 70000 + b'"}', b"\x00" * 100]
SUBSONIC_METHODS = [
    "ping", "getLicense", "getOpenSubsonicExtensions", "tokenInfo", "getUser", "getMusicFolders", "getIndexes",
    "getArtists", "getArtist", "getAlbum", "getSong", "getMusicDirectory", "getGenres", "getPlaylists",
    "getPlaylist", "getAlbumInfo", "getAlbumInfo2", "getArtistInfo", "getArtistInfo2", "getAlbumList",
    "getAlbumList2", "getRandomSongs", "getSongsByGenre", "getStarred", "getStarred2", "search2", "search3",
    "star", "unstar", "scrobble", "stream", "download", "getCoverArt", "createPlaylist", "updatePlaylist",
    "deletePlaylist", "noSuchMethod", "",
]
SUBSONIC_PARAMETERS = ["id", "size", "count", "offset", "type", "fromYear", "toYear", "maxBitRate", "timeOffset",
                       "format", "f", "v", "c", "query", "genre", "albumId", "artistId", "submission", "time",
                       "songCount", "songOffset", "albumCount", "albumOffset", "artistCount", "artistOffset",
                       "musicFolderId", "estimateContentLength", "username", "name", "playlistId", "songId",
                       "songIdToAdd", "songIndexToRemove"]
STATIC_FILES = ["/", "/index.html", "/app.js", "/sw.js", "/favicon.ico", "/manifest.webmanifest", "/css/",
                "/js/endpoints.js", "/icons/", "/pages/", "/no-such-file", "/%2e%2e/%2e%2e/etc/passwd",
                "/..%2f..%2fetc/passwd", "//etc/passwd", "/%00", "/%ff", "/" + "a" * 3000, "/js/%c0%ae%c0%ae/"]


def raw_request(port, method, target, headers, body=None, timeout=20):
    """Sends one request exactly as given; returns (status or None, first line or error)."""
    lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    for name, value in headers:
        lines.append(f"{name}: {value}" if value is not None else name)
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass") + (body or b"")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(data)
            received = b""
            while b"\r\n" not in received:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
    except OSError as error:
        return None, f"{type(error).__name__}: {error}"
    first = received.split(b"\r\n", 1)[0].decode("latin-1")
    parts = first.split(" ")
    if len(parts) < 2 or not parts[1].isdigit():
        return None, first or "no answer"
    return int(parts[1]), first


def quote(value):
    return urllib.parse.quote(value, safe="")


class Fuzz:
    def __init__(self, server, ids, rng):
        self.server, self.ids, self.rng = server, ids, rng
        self.port = server.port
        self.count = 0
        self.failures = []
        self.deadline = time.time() + BUDGET_SECONDS

    def hostile(self):
        return self.rng.choice(HOSTILE)

    def send(self, method, target, headers=(), body=None):
        if time.time() > self.deadline:
            return
        headers = list(headers)
        # Every fourth request also carries one or two hostile headers (sometimes duplicated).
        if self.rng.random() < 0.25:
            for _ in range(self.rng.choice([1, 2])):
                name = self.rng.choice(sorted(HEADER_SETS))
                value = self.rng.choice(HEADER_SETS[name])
                headers.append((name, value))
                if self.rng.random() < 0.3:
                    headers.append((name, self.rng.choice(HEADER_SETS[name])))
        status, line = raw_request(self.port, method, target, headers, body)
        self.count += 1
        # oEmbed's own answer for a format it does not offer (oEmbed 1.0 §2.3.3): the one 5xx allowed.
        oembed_format = target.startswith("/oembed?") and status == 501 and "format=" in target
        if status is None or (status >= 500 and not oembed_format):
            shown_body = None if body is None else body[:200]
            self.failures.append(f"{method} {target[:300]} headers={[(n, v[:80]) for n, v in headers]} "
                                 f"body={shown_body!r} -> {line}")

    def token(self, who):
        return [("Authorization", f"Bearer {self.ids[who]}")] if who else []

    def real_id(self, path):
        for prefix, key in (("/api/v1/tracks/", "track"), ("/api/v1/albums/", "album"),
                            ("/api/v1/artists/", "artist"), ("/embed/song/", "track"), ("/embed/album/", "album"),
                            ("/song/", "track"), ("/api/v1/me/favourites/tracks/", "track"),
                            ("/api/v1/wallet/top-ups/", "topUp"), ("/sandbox/checkout/", "topUp")):
            if path.startswith(prefix):
                return self.ids[key]
        return "no-such-id"

    def fill(self, path, hostile_path):
        """The path with `{…}` parameters: real ids, or one hostile segment."""
        if "{method}" in path:
            return path.replace("{method}", quote(hostile_path if hostile_path is not None
                                                  else self.rng.choice(SUBSONIC_METHODS)))
        if "{id}" in path:
            return path.replace("{id}", quote(hostile_path) if hostile_path is not None else self.real_id(path))
        return path

    def valid_body(self, schema_name):
        values = {"trackId": self.ids["track"], "albumId": self.ids["album"], "topUpId": self.ids["topUp"],
                  "packId": self.ids["pack"], "expectedPrice": 10, "username": "nobody-here", "password": "wrong-1234",
                  "email": "nobody@example.com", "code": "000000", "totp": "000000", "remember": False,
                  "label": "fuzz", "providerReference": "x", "newUsername": "nobody2", "oldUsername": "nobody",
                  "token": "x", "newPassword": "long-enough-2", "currentPassword": "wrong-1234"}
        schema = self.schemas.get(schema_name, {})
        return {name: values.get(name, "x") for name in schema.get("properties", {})}

    def operation(self, method, path, operation):
        """One request to a documented operation, with one hostile part."""
        who = self.rng.choice([None, "buyer", "victim"])
        # The buyer's session and names must last the run: what ends a session or renames runs as the victim.
        if path.startswith("/api/v1/auth/logout"):
            who = None
        elif path.startswith(("/api/v1/me/password", "/api/v1/me/username",
                            "/api/v1/me/two-factor", "/api/v1/me/app-passwords/")) and who == "buyer":
            who = "victim"
        parameters = [p for p in operation.get("parameters", []) if p.get("in") in ("query", "header", "path")]
        target_part = self.rng.choice(["path", "query", "header", "body"] if parameters else ["path", "body"])
        hostile_path = self.hostile() if target_part == "path" and "{" in path else None
        target = self.fill(path, hostile_path)
        query = {}
        headers = self.token(who)
        for parameter in parameters:
            if parameter["in"] == "query" and self.rng.random() < 0.6:
                query[parameter["name"]] = self.hostile() if target_part == "query" else "1"
            if parameter["in"] == "header" and target_part == "header":
                name = parameter["name"]
                headers.append((name, self.rng.choice(HEADER_SETS.get(name, HOSTILE))))
        if path.startswith("/rest/"):
            query.update(self.subsonic_credentials())
        if query:
            target += "?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
        body = None
        content = operation.get("requestBody", {}).get("content", {})
        if "application/json" in content:
            schema_name = content["application/json"].get("schema", {}).get("$ref", "").split("/")[-1]
            document = self.valid_body(schema_name)
            if target_part == "body" and document:
                field = self.rng.choice(sorted(document))
                document[field] = self.rng.choice([self.hostile(), None, 1e300, -1, 2 ** 64, [], {}, True,
                                                   {"a": [1] * 100}, "x" * 70000])
            body = json.dumps(document).encode() if self.rng.random() < 0.8 else self.rng.choice(BROKEN_BODIES)
            headers.append(("Content-Type", "application/json"))
        elif content:  # the avatar: a picture, or bytes that only start like one
            noise = self.rng.randbytes
            body = self.rng.choice([b"\xff\xd8\xff\xe0" + noise(200), b"\x89PNG\r\n\x1a\n" + noise(100),
                                    b"RIFF\x00\x00\x00\x00WEBPVP8 " + noise(64), b"", noise(300),
                                    b"\x00\x00\x00\x18ftypheic" + noise(64)])
            headers.append(("Content-Type", self.rng.choice(["image/jpeg", "image/png", "", ";"])))
        self.send(method.upper(), target, headers, body)

    def subsonic_credentials(self):
        choice = self.rng.random()
        if choice < 0.6:
            return {"u": self.ids["buyerName"], "apiKey": self.ids["appPassword"], "f": self.rng.choice(["json", "xml"]),
                    "v": "1.16.1", "c": "fuzz"} if choice < 0.3 else {
                "u": self.ids["buyerName"], "p": self.ids["appPassword"], "v": "1.16.1", "c": "fuzz", "f": "json"}
        return {name: self.hostile() for name in self.rng.sample(["u", "p", "t", "s", "apiKey", "v", "c", "f"], 3)}

    def subsonic(self):
        method = self.rng.choice(SUBSONIC_METHODS) + self.rng.choice(["", "", ".view"])
        query = self.subsonic_credentials()
        for name in self.rng.sample(SUBSONIC_PARAMETERS, self.rng.randint(1, 4)):
            query[name] = self.rng.choice([self.hostile(), self.ids["track"], self.ids["album"], self.ids["artist"],
                                           "al-" + self.ids["album"], "ar-" + self.ids["artist"], "byYear", "random"])
        encoded = "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
        if self.rng.random() < 0.3:  # the form-encoded POST players may send
            self.send("POST", f"/rest/{method}", [("Content-Type", "application/x-www-form-urlencoded")],
                      encoded.encode())
        else:
            self.send(self.rng.choice(["GET", "GET", "HEAD"]), f"/rest/{method}?{encoded}")

    def pages(self):
        kind = self.rng.choice(["song", "embed-song", "embed-album", "oembed", "checkout", "static", "plain"])
        who = self.token(self.rng.choice([None, "buyer"]))
        if kind in ("song", "embed-song", "embed-album"):
            base = {"song": "/song/", "embed-song": "/embed/song/", "embed-album": "/embed/album/"}[kind]
            key = "album" if kind == "embed-album" else "track"
            segment = self.ids[key] if self.rng.random() < 0.7 else quote(self.hostile())
            query = "&".join(f"{name}={quote(self.hostile())}" for name in
                             self.rng.sample(["t", "autoplay", "theme", "start", "size"], self.rng.randint(0, 2)))
            self.send("GET", base + segment + ("?" + query if query else ""), who)
        elif kind == "oembed":
            url = self.rng.choice([f"http://127.0.0.1/song/{self.ids['track']}", f"/album/{self.ids['album']}",
                                   f"http://x/embed/song/{self.hostile()}", self.hostile(), "http://", "://song/"])
            query = {"url": url, "maxwidth": self.hostile(), "maxheight": self.hostile()}
            if self.rng.random() < 0.3:
                query["format"] = self.rng.choice(["json", "xml", self.hostile()])
            self.send("GET", "/oembed?" + urllib.parse.urlencode(query))
        elif kind == "checkout":
            segment = self.ids["topUp"] if self.rng.random() < 0.7 else quote(self.hostile())
            if self.rng.random() < 0.4:
                self.send("GET", f"/sandbox/checkout/{segment}")
            else:
                form = {"method": self.rng.choice(["card", "account", "", self.hostile()]), "number": self.hostile(),
                        "expiry": self.rng.choice(["12/99", "99/99999999999999999999", "1e19/1e19", "/", "//",
                                                   self.hostile()]),
                        "cvc": self.hostile(), "email": self.hostile(), "password": self.hostile()}
                body = self.rng.choice([urllib.parse.urlencode(form).encode(), b"=", b"&&&", b"%", b"=&=&=",
                                        b"method=card&number=" + "٣".encode() * 16, b"a" * 20000])
                self.send("POST", f"/sandbox/checkout/{segment}",
                          [("Content-Type", "application/x-www-form-urlencoded")], body)
        elif kind == "static":
            self.send(self.rng.choice(["GET", "HEAD"]), self.rng.choice(STATIC_FILES))
        else:
            path = self.rng.choice(["/healthz", "/readyz", "/metrics", "/openapi.json", "/api/v1/no-such-route",
                                    "/rest", "/song/", "/embed/", "/api/v1/tracks//audio"])
            self.send(self.rng.choice(["GET", "HEAD", "POST", "DELETE", "PATCH", "OPTIONS", "TRACE"]), path, who)


def make_catalog(root):
    album = root / "music" / "Fuzz Artist" / "Fuzz Album"
    album.mkdir(parents=True)
    for number, frequency in ((1, 440), (2, 550), (3, 660)):
        tagged_song(album / f"{number:02d}.mp3", f"Song {number}", "Fuzz Artist", "Fuzz Album", number, frequency,
                    seconds=8)
    cli("import", str(root / "music"), data=root)


def login(server, name):
    status, _, body = server.request("POST", "/api/v1/auth/login", {"username": name, "password": "long-enough-1"})
    assert status == 200, body
    return body["token"]


def test_hostile_requests_to_every_route_never_get_a_5xx_or_kill_the_server(tmp_path):
    started = time.time()
    make_catalog(tmp_path)
    for name in ("buyer", "victim"):
        cli("users", "add", name, "--email", f"{name}@example.com", "--password", "long-enough-1", data=tmp_path)
    cli("coins", "grant", "buyer", "1000", data=tmp_path)
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)),
                    env={"SOTUBE_PAYMENTS": "sandbox", "SOTUBE_TRUSTED_PROXIES": "127.0.0.1"})
    try:
        pid = server.process.pid
        album = server.request("GET", "/api/v1/store/home")[2]["newReleases"][0]
        tracks = server.request("GET", f"/api/v1/albums/{album['id']}")[2]["tracks"]
        buyer, victim = login(server, "buyer"), login(server, "victim")
        status, _, body = server.request("POST", "/api/v1/purchases", {"trackId": tracks[0]["id"]}, token=buyer,
                                         headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, body
        status, _, created = server.request("POST", "/api/v1/me/app-passwords",
                                            {"label": "fuzz", "password": "long-enough-1"}, token=buyer)
        assert status == 201, created
        packs = server.request("GET", "/api/v1/wallet", token=buyer)[2]["packs"]
        status, _, top_up = server.request("POST", "/api/v1/wallet/top-ups", {"packId": packs[0]["id"]}, token=buyer)
        assert status in (200, 201), top_up
        ids = {"track": tracks[0]["id"], "album": album["id"],
               "artist": album.get("artistId") or tracks[0].get("artistId") or "no-artist", "topUp": top_up["topUpId"],
               "pack": packs[0]["id"], "buyer": buyer, "victim": victim, "buyerName": "buyer",
               "appPassword": created["secret"]}
        document = json.loads(server.fetch("GET", "/openapi.json")[2])
        operations = [(method, path, operation) for path, item in document["paths"].items()
                      for method, operation in item.items() if method in ("get", "head", "post", "put", "delete",
                                                                          "patch")]
        rng = random.Random(SEED)
        fuzz = Fuzz(server, ids, rng)
        fuzz.schemas = document.get("components", {}).get("schemas", {})
        # Every operation and every Subsonic method once in order, then a random mix until the budget ends.
        for method, path, operation in operations:
            fuzz.operation(method, path, operation)
        for name in SUBSONIC_METHODS:
            fuzz.send("GET", f"/rest/{name}?" + urllib.parse.urlencode(fuzz.subsonic_credentials()))
        for path in STATIC_FILES:
            fuzz.send("GET", path)
        # The two known crashes, by name.
        fuzz.send("GET", f"/song/{ids['track']}?t=1e19")
        fuzz.send("POST", "/api/v1/auth/login", [("Content-Type", "")], b'{"username":"x","password":"y"}')
        fuzz.send("POST", "/api/v1/auth/login", [("Content-Type", ";")], b'{"username":"x","password":"y"}')
        while time.time() < fuzz.deadline:
            pick = rng.random()
            if pick < 0.55:
                fuzz.operation(*rng.choice(operations))
            elif pick < 0.8:
                fuzz.subsonic()
            else:
                fuzz.pages()
        status, _ = raw_request(port, "GET", "/healthz", [])
        alive = server.process.poll() is None and server.process.pid == pid
        print(f"hostile fuzz: seed {SEED}, {fuzz.count} requests, {len(fuzz.failures)} failures, "
              f"{time.time() - started:.1f} s in all")
        first = "\n".join(fuzz.failures[:10])
        assert alive and status == 200, \
            f"the server died (exit {server.process.poll()}); the first failed requests:\n{first}\n" \
            f"{server.logs()[-3000:]}"
        assert not fuzz.failures, f"{len(fuzz.failures)} of {fuzz.count} requests (seed {SEED}) failed:\n" + \
            "\n".join(fuzz.failures[:40])
    finally:
        server.stop()
    errors = [line for line in server.logs().splitlines()
              if ('"status":"5' in line or '"status":5' in line) and not ('"status":"501"' in line and '"path":"/oembed"' in line)]
    assert not errors, "\n".join(errors[:20])

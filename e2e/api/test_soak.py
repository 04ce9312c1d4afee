"""The SQLite soak (issue 11): 32 buyers for 20 s buy songs and albums, top up through the sandbox
checkout, redeem gift codes and change favourites, while the server is killed with SIGKILL three
times and restarted. A purchase whose answer is lost (a timeout, a dropped connection, a dead
server) is retried with the same Idempotency-Key, as the web app and SoTubeKit do. Afterwards every
purchase a buyer saw acknowledged exists once, nothing is owned or charged twice, no balance went
below zero, each balance is the sum of its ledger entries, and `sotube ledger verify` exits 0."""
import http.client
import json
import random
import threading
import time
import urllib.parse
import uuid
from collections import Counter

from conftest import Server, cli, free_port, tagged_song

BUYERS, SECONDS, KILLS = 32, 12, 3
ENV = {"SOTUBE_PAYMENTS": "sandbox", "SOTUBE_PEOPLE_PER_ADDRESS": "100"}


def send(port, method, path, body=None, token=None, headers=None, form=None):
    """(status, JSON) or (None, None) when the answer is lost (refused, reset, timed out)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    all_headers = {**(headers or {})}
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    if form is not None:
        payload, all_headers["Content-Type"] = urllib.parse.urlencode(form), "application/x-www-form-urlencoded"
    else:
        payload = json.dumps(body) if body is not None else None
        all_headers["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        text = response.read()
        if response.status >= 500:
            SERVER_ERRORS[(response.status, response.getheader("Retry-After") is not None)] += 1
        return response.status, json.loads(text) if text.startswith(b"{") else None
    except (OSError, http.client.HTTPException):
        return None, None
    finally:
        connection.close()


RETRIES = Counter()
# (status, whether it had Retry-After) of every 5xx answer seen.
SERVER_ERRORS = Counter()


def until_answered(port, *args, stop_at, **kwargs):
    """Retries the same request (same Idempotency-Key) until the server gives a definite answer."""
    while True:
        status, body = send(port, *args, **kwargs)
        if status is not None and status not in (502, 503):
            return status, body
        RETRIES[args[1].rstrip("/").split("/")[-1] if "/api/" in args[1] else "checkout"] += 1
        if time.time() > stop_at:
            return None, None
        time.sleep(0.2)


class Buyer(threading.Thread):
    def __init__(self, number, port, token, catalog, codes, deadline):
        super().__init__(daemon=True)
        self.number, self.port, self.token = number, port, token
        self.catalog, self.codes, self.deadline = catalog, codes, deadline
        self.acknowledged, self.unanswered, self.counts, self.errors = [], 0, Counter(), []

    def run(self):
        rng = random.Random(self.number)
        while time.time() < self.deadline:
            action = rng.choice(["song", "song", "song", "album", "top-up", "code", "favourite"])
            try:
                getattr(self, action.replace("-", "_"))(rng)
            except Exception as error:  # noqa: BLE001 – reported by the test
                self.errors.append(f"{action}: {error!r}")

    def buy(self, body):
        key = str(uuid.uuid4())
        status, answer = until_answered(self.port, "POST", "/api/v1/purchases", body, self.token,
                                        {"Idempotency-Key": key}, stop_at=self.deadline + 60)
        self.counts[status] += 1
        if status in (200, 201):
            self.acknowledged.append(answer["purchase"])
        elif status is None:
            self.unanswered += 1
        elif status not in (402, 409):  # not enough coins, already owned
            self.errors.append(f"purchase {body}: {status} {answer}")

    def song(self, rng):
        self.buy({"trackId": rng.choice(self.catalog["songs"])})

    def album(self, rng):
        self.buy({"albumId": rng.choice(self.catalog["albums"])})

    def top_up(self, rng):
        status, created = until_answered(self.port, "POST", "/api/v1/wallet/top-ups", {"packId": "small"}, self.token,
                                         stop_at=self.deadline + 60)
        if status != 201:
            return
        status, _ = until_answered(self.port, "POST", created["checkoutUrl"], stop_at=self.deadline + 60,
                                   form={"method": "card", "number": "4242 4242 4242 4242", "expiry": "12/39",
                                         "cvc": "123"})
        self.counts[f"top-up {status}"] += 1

    def code(self, rng):
        with self.catalog["lock"]:
            if not self.codes:
                return
            code = self.codes.pop()
        status, _ = until_answered(self.port, "POST", "/api/v1/wallet/redeem", {"code": code}, self.token,
                                   stop_at=self.deadline + 60)
        self.counts[f"code {status}"] += 1

    def favourite(self, rng):
        track = rng.choice(self.catalog["songs"])
        method = rng.choice(["PUT", "DELETE"])
        send(self.port, method, f"/api/v1/me/favourites/tracks/{track}", token=self.token)


def check_books(get, tokens, buyers):
    """After a soak, for every buyer (`get(path, token)` → (status, JSON)): each purchase acknowledged
    is in the ledger once and nothing else was charged, nothing is owned twice, every acknowledged
    purchase is in the library, no balance went below zero, and the balance is what the ledger adds
    up to."""
    for n, buyer in enumerate(buyers):
        status, history = get("/api/v1/wallet/history?limit=1000", tokens[n])
        assert status == 200, history
        entries = history["entries"]
        purchases = [e for e in entries if e["kind"] == "purchase"]
        # A retried purchase never ran twice.
        acknowledged_ids = {p["id"] for p in buyer.acknowledged}
        assert len(acknowledged_ids) == len(buyer.acknowledged), f"buyer {n}: one key, two purchases"
        assert len(purchases) == len(acknowledged_ids), f"buyer {n}: {len(purchases)} charges"
        assert sum(abs(e["coins"]) for e in purchases) == sum(p["coins"] for p in buyer.acknowledged)
        owned = [t["id"] for t in get("/api/v1/library/songs", tokens[n])[1]["tracks"]]
        assert len(owned) == len(set(owned)), f"buyer {n} owns a song twice"
        for purchase in buyer.acknowledged:
            assert set(purchase["trackIds"]) <= set(owned), f"buyer {n} lost purchase {purchase['id']}"
        assert all(e["balanceAfter"] >= 0 for e in entries)
        me = get("/api/v1/me", tokens[n])[1]
        assert me["coins"] == (entries[0]["balanceAfter"] if entries else 0)
        assert me["ownedCount"] == len(owned)


def test_buyers_under_sigkill_never_lose_or_double_a_purchase(tmp_path):
    music = tmp_path / "music"
    for album in ("One", "Two"):
        folder = music / album
        folder.mkdir(parents=True)
        for number in range(1, 4):
            tagged_song(folder / f"{number}.mp3", f"Soak {album} {number}", "Soak", f"Soak {album}", number,
                        200 + 50 * number)
    cli("import", str(music), data=tmp_path, env=ENV)
    port = free_port()
    server = Server(tmp_path, port, env=ENV, args=("--port", str(port)))
    servers = [server]
    try:
        found = server.request("GET", "/api/v1/search?q=soak")[2]
        catalog = {"songs": [t["id"] for t in found["tracks"]], "albums": sorted({t["albumId"] for t in found["tracks"]}),
                   "lock": threading.Lock()}
        assert len(catalog["songs"]) == 6 and len(catalog["albums"]) == 2
        tokens = []
        for n in range(BUYERS):
            status, _, body = server.request("POST", "/api/v1/auth/register", {
                "username": f"soak{n}", "email": f"soak{n}@example.com", "password": "long-enough-1"})
            assert status == 201, body
            tokens.append(body["token"])
        for n in range(BUYERS):
            cli("coins", "grant", f"soak{n}", "60", data=tmp_path, env=ENV)
        codes = cli("codes", "mint", "--coins", "25", "--count", "64", data=tmp_path, env=ENV).stdout.split()
        assert len(codes) == 64

        deadline = time.time() + SECONDS
        buyers = [Buyer(n, port, tokens[n], catalog, codes, deadline) for n in range(BUYERS)]
        for buyer in buyers:
            buyer.start()
        for kill in range(KILLS):
            time.sleep(SECONDS / (KILLS + 1))
            servers[-1].process.kill()  # SIGKILL
            servers[-1].process.wait(timeout=30)
            servers[-1].log.close()
            servers.append(Server(tmp_path, port, env=ENV, args=("--port", str(port))))
        for buyer in buyers:
            buyer.join(timeout=180)
        server = servers[-1]

        errors = [e for b in buyers for e in b.errors]
        assert errors == [], errors[:10]
        acknowledged = [p for b in buyers for p in b.acknowledged]
        counts = sum((b.counts for b in buyers), Counter())
        print(f"soak: {len(acknowledged)} purchases acknowledged, {sum(b.unanswered for b in buyers)} never answered, "
              f"answers {dict(counts)}, {len(servers) - 1} SIGKILLs, lost answers retried {dict(RETRIES)}")
        assert len(acknowledged) >= BUYERS  # the load did happen

        check_books(lambda path, token: server.request("GET", path, token=token)[::2], tokens, buyers)
        verify = cli("ledger", "verify", data=tmp_path, env=ENV, check=False)
        assert verify.returncode == 0, verify.stdout + verify.stderr
    finally:
        for running in servers:
            if running.process.poll() is None:
                running.stop()

"""The soak over the cluster (issue 11): 32 buyers for 20 s buy songs and albums, top up through the
sandbox checkout, redeem gift codes and change favourites through nginx in front of two servers on
one PostgreSQL, while one server and then the other is killed with SIGKILL and started again,
PostgreSQL itself is restarted, and a top-up opened on one server is captured on the other. Lost
answers are retried with the same Idempotency-Key. Every 5xx a client sees is the balancer's 502 for
a request that reached a dying server or a 503 with Retry-After; afterwards the same books are
checked as after the SQLite soak, and `sotube ledger verify` exits 0."""
import os
import signal
import subprocess
import threading
import time
from collections import Counter
from urllib.parse import urlparse

import pytest

from conftest import tagged_song
from test_client import pay_with_sandbox_card
from test_cluster import ROOT, call, postgres, register, start_cluster, store_cli, until
from test_soak import RETRIES, SERVER_ERRORS, Buyer, check_books

BUYERS, SECONDS = 32, 12


@pytest.fixture(scope="module")
def soak_cluster(tmp_path_factory):
    # 32 sign-ups through one balancer address.
    yield from start_cluster(tmp_path_factory, SOTUBE_PEOPLE_PER_ADDRESS="100")


def kill(cluster, n):
    os.kill(int((cluster["dir"] / f"server{n}" / "pid").read_text()), signal.SIGKILL)


def restart(cluster, n):
    subprocess.run(["bash", str(ROOT / "scripts/cluster.sh"), "restart", str(cluster["dir"]), str(n)],
                   env=cluster["script_env"], check=True, capture_output=True, timeout=120)


def test_buyers_over_the_cluster_survive_kills_and_a_database_restart(soak_cluster):
    cluster = soak_cluster
    lb, (first, second) = cluster["lb"], cluster["servers"]
    music = cluster["work"] / "soak-music"
    for album in ("One", "Two"):
        (music / album).mkdir(parents=True)
        for number in range(1, 4):
            tagged_song(music / album / f"{number}.mp3", f"Soak {album} {number}", "Soak", f"Soak {album}", number,
                        200 + 50 * number)
    store_cli(cluster, "import", str(music))
    for server in (first, second):
        until(lambda: len(call(server, "GET", "/api/v1/search?q=soak")[1]["tracks"]) == 6,
              what=f"{server} to see the imported songs")
    found = call(lb, "GET", "/api/v1/search?q=soak")[1]["tracks"]
    catalog = {"songs": [t["id"] for t in found], "albums": sorted({t["albumId"] for t in found}),
               "lock": threading.Lock()}
    tokens = [register(lb, f"soak{n}") for n in range(BUYERS)]
    for n in range(BUYERS):
        store_cli(cluster, "coins", "grant", f"soak{n}", "60")
    codes = store_cli(cluster, "codes", "mint", "--coins", "25", "--count", "64").stdout.split()
    assert len(codes) == 64
    payer = register(lb, "crossing")
    RETRIES.clear()
    SERVER_ERRORS.clear()

    deadline = time.time() + SECONDS
    buyers = [Buyer(n, urlparse(lb).port, tokens[n], catalog, codes, deadline) for n in range(BUYERS)]
    for buyer in buyers:
        buyer.start()
    events = []

    def at(second, what, action):
        time.sleep(max(0.0, deadline - SECONDS + second - time.time()))
        action()
        events.append(what)

    at(3, "server 1 killed", lambda: kill(cluster, 1))
    at(5, "server 1 restarted", lambda: restart(cluster, 1))
    at(8, "PostgreSQL stopped", lambda: postgres(cluster, "stop"))
    at(10, "PostgreSQL started", lambda: postgres(cluster, "start"))
    # A top-up opened on one server whose capture lands on the other, while the load goes on.
    opened = {}

    def cross_capture():
        status, opened["top-up"] = until(
            lambda: (lambda answer: answer if answer[0] == 201 else None)(
                call(first, "POST", "/api/v1/wallet/top-ups", {"packId": "small"}, token=payer)),
            seconds=60, what="server 1 to open a top-up after the database restart")
        assert pay_with_sandbox_card(second + opened["top-up"]["checkoutUrl"]) == 303

    at(12, "top-up opened on server 1, captured on server 2", cross_capture)
    at(15, "server 2 killed", lambda: kill(cluster, 2))
    at(17, "server 2 restarted", lambda: restart(cluster, 2))
    for buyer in buyers:
        buyer.join(timeout=240)
    assert not any(buyer.is_alive() for buyer in buyers)

    errors = [e for b in buyers for e in b.errors]
    assert errors == [], errors[:10]
    acknowledged = [p for b in buyers for p in b.acknowledged]
    counts = sum((b.counts for b in buyers), Counter())
    print(f"cluster soak: {len(acknowledged)} purchases acknowledged, {sum(b.unanswered for b in buyers)} never "
          f"answered, answers {dict(counts)}, 5xx seen (status, with Retry-After) {dict(SERVER_ERRORS)}, "
          f"lost answers retried {dict(RETRIES)}; events: {events}")
    assert len(acknowledged) >= BUYERS  # the load did happen
    # Never a wrong answer: a 5xx is the balancer's 502 (a request that reached a dying server, which
    # nginx does not resend when it is a POST) or a 503 that says when to come back.
    assert set(status for status, _ in SERVER_ERRORS) <= {502, 503}, SERVER_ERRORS
    assert SERVER_ERRORS[(503, False)] == 0, SERVER_ERRORS

    # The capture that landed on the other server credited the payer once, on both servers.
    pack = until(lambda: call(lb, "GET", "/api/v1/me", token=payer)[1]["coins"], what="the crossed capture")
    for server in (first, second):
        history = call(server, "GET", "/api/v1/wallet/history", token=payer)[1]["entries"]
        assert [e["kind"] for e in history] == ["top-up"] and history[0]["coins"] == pack
        assert call(server, "GET", "/api/v1/me", token=payer)[1]["coins"] == pack

    check_books(lambda path, token: call(lb, "GET", path, token=token), tokens, buyers)
    verify = store_cli(cluster, "ledger", "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr

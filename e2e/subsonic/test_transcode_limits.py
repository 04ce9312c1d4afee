"""`stream` transcoding under load: ffmpeg's output goes to the socket as the player takes it (a player
that reads nothing costs the server a piece, not the song), ffmpeg processes are bounded per user and
per server (one more is Subsonic error 0), and a player that hangs up leaves no ffmpeg behind."""
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path

import pytest

from conftest import Buyer, Server, cli, free_port
from subsonic import error_code, rest

MINUTES = 20  # at 320 kbit/s a transcoded copy is 48 MB: three held in memory show at once


def children(pid):
    """{pid: (name, CPU ticks)} of the processes whose parent is `pid`."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found[int(entry)] = (name, int(fields[11]) + int(fields[12]))
    return found


def ffmpegs(pid):
    return {child: ticks for child, (name, ticks) in children(pid).items() if name == "ffmpeg"}


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def open_stream(port, query):
    """A connection that asked for a transcoded stream, read its headers, and then reads nothing (a
    small receive buffer, so the kernel does not take the song in its place)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /rest/stream?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        piece = sock.recv(1)
        assert piece, head
        head += piece
    return sock, head.decode("latin-1")


@pytest.fixture(scope="module")
def shop():
    data = Path(tempfile.mkdtemp(prefix="sotube-transcode-"))
    music = data.parent / (data.name + "-music") / "Long Album"
    music.mkdir(parents=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency=440:duration={MINUTES * 60}:sample_rate=22050", "-ac", "1",
                    "-metadata", "title=Very Long Song", "-metadata", "artist=Drone Band",
                    "-metadata", "album=Long Album", "-c:a", "libmp3lame", "-b:a", "32k",
                    str(music / "01 Very Long Song.mp3")], check=True, timeout=300)
    cli("import", str(music.parent), "--data", str(data), data=data)
    port = free_port()
    server = Server(data, port, args=("--port", str(port), "--data", str(data)),
                    env={"SOTUBE_PEOPLE_PER_ADDRESS": "100", "SOTUBE_TRANSCODES_PER_USER": "3",
                         "SOTUBE_TRANSCODES": "4"})
    try:
        _, _, home = server.request("GET", "/api/v1/store/home")
        album = home["newReleases"][0]["id"]
        keys = {}
        for name in ("carol", "dave"):
            buyer = Buyer(server, name)
            cli("coins", "grant", name, "100", "--data", str(data), data=data)
            buyer.buy(albumId=album)
            keys[name] = buyer.app_password()["secret"]
        yield {"server": server, "port": port, "song": buyer.owned[0], "keys": keys}
    finally:
        server.stop()


def query(shop, who):
    return urllib.parse.urlencode({"v": "1.16.1", "c": "pytest", "f": "json", "apiKey": shop["keys"][who],
                                   "id": shop["song"], "format": "mp3", "maxBitRate": "320"})


def refusal(shop, who):
    status, headers, body = rest(shop["server"].base, "stream", {"id": shop["song"], "format": "mp3"},
                                 {"apiKey": shop["keys"][who]})
    assert status == 200 and headers["Content-Type"].startswith("application/json"), (status, body[:200])
    return json.loads(body)["subsonic-response"]


def wait_until_idle(pid, seconds=90):
    """Until the server's ffmpegs use no more CPU (blocked on a full pipe, or done)."""
    deadline = time.time() + seconds
    last = None
    while time.time() < deadline:
        now = ffmpegs(pid)
        if now == last:
            return now
        last = now
        time.sleep(2)
    return last


def test_players_that_read_nothing_cost_a_bounded_amount_of_memory_and_a_bounded_number_of_ffmpegs(shop):
    server, pid = shop["server"], shop["server"].process.pid
    # Warm up: one transcoded stream opened and closed.
    sock, head = open_stream(shop["port"], query(shop, "carol"))
    assert " 200 " in head.split("\r\n")[0] and "audio/mpeg" in head, head
    sock.close()
    time.sleep(1)
    before = rss_kb(pid)

    held = []
    for _ in range(3):  # carol's bound
        sock, head = open_stream(shop["port"], query(shop, "carol"))
        assert " 200 " in head.split("\r\n")[0] and "audio/mpeg" in head, head
        held.append(sock)
    refused = refusal(shop, "carol")
    assert error_code(refused) == 0 and "per user" in refused["error"]["message"], refused
    sock, head = open_stream(shop["port"], query(shop, "dave"))  # the server's 4th
    assert " 200 " in head.split("\r\n")[0], head
    held.append(sock)
    refused = refusal(shop, "dave")
    assert error_code(refused) == 0 and "as many streams as it can (4)" in refused["error"]["message"], refused
    # The original needs no ffmpeg: never refused.
    _, _, raw = server.fetch("GET", "/rest/stream?" + urllib.parse.urlencode(
        {"v": "1.16.1", "c": "pytest", "apiKey": shop["keys"]["dave"], "id": shop["song"]}),
        headers={"Range": "bytes=0-99"})
    assert len(raw) == 100

    running = wait_until_idle(pid)
    assert len(running) == 4, running  # the bound: the refused ones started nothing
    grown_mb = (rss_kb(pid) - before) / 1024
    print(f"RSS {before / 1024:.1f} MB before, grown {grown_mb:.1f} MB with 4 streams read by no one")
    assert grown_mb < 24, f"the server grew by {grown_mb:.1f} MB for 4 players that read nothing"

    for sock in held:  # the players hang up
        sock.close()
    deadline = time.time() + 15
    while ffmpegs(pid) and time.time() < deadline:
        time.sleep(0.5)
    assert not ffmpegs(pid), "ffmpeg left running after its players hung up"
    # Their slots are free again.
    sock, head = open_stream(shop["port"], query(shop, "carol"))
    assert " 200 " in head.split("\r\n")[0], head
    sock.close()

"""SIGTERM drains: the server stops being ready, a download in flight when it is told to stop is
sent to its last byte, then the server exits cleanly (issue 11: a rolling restart loses nobody's
transfer)."""
import signal
import socket
import subprocess
import time
import uuid

from conftest import Server, cli, free_port


def test_a_download_in_flight_finishes_after_sigterm(tmp_path):
    music = tmp_path / "music"
    music.mkdir()
    song = music / "noise.flac"
    # A minute of 96 kHz noise: FLAC cannot shrink it, so the file (≈ 23 MB) is far larger than what
    # the loopback socket buffers hold, and the server is still writing when SIGTERM comes. (A minute,
    # not two at 44.1 kHz: the import's renditions take half as long.)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    "anoisesrc=color=white:duration=60:sample_rate=96000:seed=7", "-ac", "2",
                    "-metadata", "title=Long Noise", "-metadata", "artist=Drain", "-c:a", "flac", str(song)],
                   check=True, timeout=120)
    original = song.read_bytes()
    cli("import", str(music), data=tmp_path)
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)))
    try:
        track = server.request("GET", "/api/v1/search?q=long")[2]["tracks"][0]
        status, _, body = server.request("POST", "/api/v1/auth/register",
                                         {"username": "drain", "email": "drain@example.com", "password": "long-enough-1"})
        assert status == 201, body
        token = body["token"]
        cli("coins", "grant", "drain", "100", data=tmp_path)
        status, _, body = server.request("POST", "/api/v1/purchases", {"trackId": track["id"]}, token=token,
                                         headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, body

        client = socket.create_connection(("127.0.0.1", port), timeout=30)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
        client.sendall((f"GET /api/v1/tracks/{track['id']}/download HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        f"Authorization: Bearer {token}\r\nConnection: close\r\n\r\n").encode())
        received = client.recv(64 * 1024)
        while b"\r\n\r\n" not in received:
            received += client.recv(64 * 1024)
        head, _, body = received.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        assert length == len(original) and len(body) < length // 2  # most of it is still to come

        server.process.send_signal(signal.SIGTERM)
        # While it drains, the server says it is not ready (a load balancer sends nobody new) ...
        deadline = time.time() + 20
        while server.fetch("GET", "/readyz")[0] != 503:
            assert time.time() < deadline, "/readyz still ready after SIGTERM"
            time.sleep(0.1)
        # ... and the download goes on to its last byte.
        while True:
            chunk = client.recv(256 * 1024)
            if not chunk:
                break
            body += chunk
        client.close()
        assert len(body) == length and body == original
        assert server.process.wait(timeout=60) == 0
        assert '"msg":"stopped"' in server.logs()
    finally:
        server.stop()

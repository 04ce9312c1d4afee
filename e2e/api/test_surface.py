"""What a served data folder and the static files look like from outside, through a real socket."""
import http.client
import os
import time
import stat

from conftest import Server, free_port


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_data_folder_is_the_servers_alone(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)  # an older server left it world-readable
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)))
    try:
        status, _, _ = server.request(
            "POST", "/api/v1/auth/register", {"username": "vera", "email": "vera@example.com", "password": "long-enough"})
        assert status == 201
        assert server.request("POST", "/api/v1/auth/password-reset", {"email": "vera@example.com"})[0] == 202
        assert mode(data) == 0o700
        for name in ["sotube.sqlite", "sotube.sqlite-wal", "sotube.sqlite-shm", "secret.key"]:
            assert mode(data / name) == 0o600, name
        deadline = time.time() + 10  # the mail is written after the answer
        while not list((data / "outbox").glob("*.eml")) and time.time() < deadline:
            time.sleep(0.05)
        mails = list((data / "outbox").glob("*.eml"))
        assert len(mails) == 1 and mode(mails[0]) == 0o600
        for folder in [data / "outbox", data / "media"]:
            assert mode(folder) == 0o700, folder
        leaky = [str(path) for path in data.rglob("*") if mode(path) & 0o077]
        assert leaky == []
    finally:
        server.stop()


def raw_get(server, target):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest("GET", target, skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    result = response.status, response.getheader("Location"), response.getheader("Content-Type"), response.read()
    connection.close()
    return result


def test_static_paths_cannot_smuggle_control_characters_or_leave_the_host(server):
    status, _, content_type, _ = raw_get(server, "/app.js")
    assert status == 200 and "javascript" in content_type
    for target in ["/app.js%00.html", "/index.html%00", "/app.js%0d%0aX-Evil:%201"]:
        status, _, content_type, _ = raw_get(server, target)
        assert status == 400 and content_type == "application/problem+json", target
    for target in ["//js", "///js", "/%2F/js", "/%5Cjs"]:
        status, location, _, _ = raw_get(server, target)
        assert location is None or not location.startswith(("//", "/\\")), (target, location)
        if location is not None:
            assert status in (301, 308) and location == "/js/", (target, location)

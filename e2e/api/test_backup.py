"""`sotube backup FILE` and `sotube restore FILE` (API.md): a consistent copy taken while the server
serves and sells, restored into an empty data folder with the ledger exact, and the restored store
serving its buyers their songs."""
import io
import json
import os
import stat
import subprocess
import tarfile
import threading

from conftest import Server, cli, free_port

PASSWORD = "long-enough-1"


def tagged_songs(folder, count=3):
    folder.mkdir()
    for i in range(count):
        subprocess.run(
            ["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", f"sine=frequency={330 + 110 * i}:duration=40",
             "-metadata", f"title=Backup Song {i + 1}", "-metadata", "artist=Backup Band",
             "-metadata", "album=Safe Copies", "-metadata", f"track={i + 1}", str(folder / f"{i + 1}.mp3")],
            check=True)
    return folder


def register(server, name):
    status, _, body = server.request(
        "POST", "/api/v1/auth/register", {"username": name, "email": f"{name}@example.com", "password": PASSWORD})
    assert status == 201, body
    return body["token"]


def owned(server, token):
    status, _, body = server.request("GET", "/api/v1/library/songs", token=token)
    assert status == 200, body
    return {t["id"] for t in body["tracks"]}


def test_a_backup_taken_while_selling_restores_exactly(tmp_path):
    live = tmp_path / "live"
    live.mkdir()
    cli("import", str(tagged_songs(tmp_path / "music")), data=live)
    port = free_port()
    server = Server(live, port, args=("--port", str(port)))
    archive = tmp_path / "store.tar"
    try:
        _, _, found = server.request("GET", "/api/v1/search?q=backup")
        songs = [t["id"] for t in found["tracks"]]
        assert len(songs) == 3, found
        buyers = {}
        for n in range(6):
            name = f"buyer{n}"
            buyers[name] = register(server, name)
            cli("coins", "grant", name, "100", data=live)

        acknowledged = []

        def sell():
            for song in songs:
                for name, token in buyers.items():
                    status, _, body = server.request(
                        "POST", "/api/v1/purchases", {"trackId": song}, token=token,
                        headers={"Idempotency-Key": f"{name}-{song}"})
                    assert status in (200, 201), body
                    acknowledged.append((name, song))

        seller = threading.Thread(target=sell)
        seller.start()
        result = cli("backup", str(archive), data=live)  # while the purchases go on
        seller.join()
        assert "backup written" in result.stdout
        assert oct(os.stat(archive).st_mode & 0o777) == "0o600"
        assert cli("backup", str(archive), data=live, check=False).returncode != 0, "never overwrites"
        live_owned = {name: owned(server, token) for name, token in buyers.items()}
        assert len(acknowledged) == 18
    finally:
        server.stop()

    # Restore into an empty folder: the ledger is checked and exact.
    restored = tmp_path / "restored"
    restored.mkdir()
    result = cli("restore", str(archive), data=restored)
    assert "ledger exact" in result.stdout, result.stdout
    assert cli("ledger", "verify", data=restored).returncode == 0
    assert (restored / "data" / "secret.key").read_bytes() == (live / "data" / "secret.key").read_bytes()

    # The restored store serves: buyers log in with their passwords and hear what they owned then.
    port = free_port()
    again = Server(restored, port, args=("--port", str(port)))
    try:
        for name in buyers:
            status, _, body = again.request("POST", "/api/v1/auth/login", {"username": name, "password": PASSWORD})
            assert status == 200, body
            then = owned(again, body["token"])
            assert then <= live_owned[name], "nothing the live store did not have"
            for song in then:
                status, headers, _ = again.request("GET", f"/api/v1/tracks/{song}/audio", token=body["token"],
                                                   headers={"Range": "bytes=0-1"})
                assert status == 206 and headers["X-SoTube-Rendition"] == "full", (status, dict(headers))
    finally:
        again.stop()

    # Restoring over a store is refused and changes nothing.
    before = (restored / "data" / "sotube.sqlite").stat().st_mtime_ns
    refused = cli("restore", str(archive), data=restored, check=False)
    assert refused.returncode != 0 and "empty data folder" in refused.stderr
    assert (restored / "data" / "sotube.sqlite").stat().st_mtime_ns == before


def test_restore_refuses_an_archive_that_is_not_a_backup(tmp_path):
    evil = tmp_path / "evil.tar"
    with tarfile.open(evil, "w") as tar:
        for name, payload in [("sotube.sqlite", b"not really"), ("../escape.txt", b"outside")]:
            info = tarfile.TarInfo(name)
            info.size = len(payload)
            tar.addfile(info, io.BytesIO(payload))
    target = tmp_path / "target"
    target.mkdir()
    refused = cli("restore", str(evil), data=target, check=False)
    assert refused.returncode != 0 and "never does" in refused.stderr, refused.stderr
    assert not (tmp_path / "escape.txt").exists()
    assert not (target / "data" / "sotube.sqlite").exists()
    other = tmp_path / "other.tar"
    with tarfile.open(other, "w") as tar:
        info = tarfile.TarInfo("notes.txt")
        info.size = 2
        tar.addfile(info, io.BytesIO(b"hi"))
    refused = cli("restore", str(other), data=target, check=False)
    assert refused.returncode != 0 and "not a SoTube backup" in refused.stderr
    # A member whose size (a base-256 number) is near 2^64: refused, not an overflow that ends the command.
    huge = tmp_path / "huge.tar"
    with tarfile.open(huge, "w", format=tarfile.GNU_FORMAT) as tar:
        info = tarfile.TarInfo("sotube.sqlite")
        info.size = 2**64 - 1
        tar.addfile(info)  # the header alone
    refused = cli("restore", str(huge), data=target, check=False)
    assert refused.returncode > 0 and "not a SoTube backup" in refused.stderr, (refused.returncode, refused.stderr)


def modes_under(folder):
    """{relative path: mode bits} of everything under `folder`, links not followed."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            found[os.path.relpath(path, folder)] = os.lstat(path).st_mode
    return found


def test_restore_refuses_links_devices_fifos_and_escaping_paths_and_writes_nothing(tmp_path):
    """A backup whose members are links to files outside (or a device, a FIFO, an absolute or `..`
    name) is refused whole: the link targets keep their mode and bytes, the data folder stays empty."""
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"the operator's own file\n")
    outside.chmod(0o644)
    outside_folder = tmp_path / "outside-folder"
    outside_folder.mkdir()
    outside_folder.chmod(0o755)

    def member(name, kind=tarfile.REGTYPE, payload=b"", link=""):
        info = tarfile.TarInfo(name)
        info.type, info.linkname, info.size, info.mode = kind, link, len(payload), 0o644
        return info, io.BytesIO(payload) if payload else None

    cases = [
        ("a symbolic link", [member("sotube.sqlite", tarfile.SYMTYPE, link=str(outside)),
                             member("secret.key", tarfile.SYMTYPE, link=str(outside)),
                             member("media", tarfile.SYMTYPE, link=str(outside_folder))]),
        ("a symbolic link", [member("sotube.sqlite", payload=b"x"),
                             member("media/song.mp3", tarfile.SYMTYPE, link="../../outside.txt")]),
        ("a hard link", [member("sotube.sqlite", payload=b"x"),
                         member("secret.key", tarfile.LNKTYPE, link=str(outside))]),
        ("a character device", [member("sotube.sqlite", payload=b"x"), member("media/null", tarfile.CHRTYPE)]),
        ("a FIFO", [member("sotube.sqlite", payload=b"x"), member("media/pipe", tarfile.FIFOTYPE)]),
        ("never does", [member("sotube.sqlite", payload=b"x"), member(str(tmp_path / "abs.txt"), payload=b"x")]),
        ("never does", [member("sotube.sqlite", payload=b"x"), member("media/../../up.txt", payload=b"x")]),
    ]
    for n, (expected, members) in enumerate(cases):
        archive = tmp_path / f"evil{n}.tar"
        with tarfile.open(archive, "w", format=tarfile.GNU_FORMAT) as tar:
            for info, payload in members:
                tar.addfile(info, payload)
        target = tmp_path / f"target{n}"
        target.mkdir()
        refused = cli("restore", str(archive), data=target, check=False)
        assert refused.returncode != 0, (expected, refused.stdout)
        assert expected in refused.stderr and "nothing was restored" in refused.stderr, refused.stderr
        assert not (target / "data").exists() or not os.listdir(target / "data"), expected
        assert oct(outside.stat().st_mode & 0o7777) == "0o644", expected
        assert outside.read_bytes() == b"the operator's own file\n", expected
        assert oct(outside_folder.stat().st_mode & 0o7777) == "0o755" and not os.listdir(outside_folder)
        assert not (tmp_path / "abs.txt").exists() and not (tmp_path / "up.txt").exists()


def test_restore_writes_files_0600_and_folders_0700_whatever_the_archive_says(tmp_path):
    """A setuid, world-writable file and a world-writable folder in a backup come back as the store's
    own: files 0600, folders 0700."""
    live = tmp_path / "live"
    live.mkdir()
    cli("ledger", "verify", data=live)  # an empty store
    archive = tmp_path / "store.tar"
    cli("backup", str(archive), data=live)
    with tarfile.open(archive, "a") as tar:
        folder = tarfile.TarInfo("media/shared")
        folder.type, folder.mode = tarfile.DIRTYPE, 0o777
        tar.addfile(folder)
        for name, mode in [("media/shared/setuid.bin", 0o4755), ("media/open.txt", 0o666)]:
            info = tarfile.TarInfo(name)
            info.size, info.mode = 5, mode
            tar.addfile(info, io.BytesIO(b"bytes"))
    long_names = {tarfile.GNU_FORMAT: "media/" + "g" * 150 + ".bin", tarfile.PAX_FORMAT: "media/ü" + "p" * 150 + ".bin"}
    for archive_format, name in long_names.items():  # GNU's long-name member and a pax header
        with tarfile.open(archive, "a", format=archive_format) as tar:
            info = tarfile.TarInfo(name)
            info.size, info.mode = 4, 0o644
            tar.addfile(info, io.BytesIO(b"long"))
    target = tmp_path / "target"
    target.mkdir()
    result = cli("restore", str(archive), data=target)
    assert "ledger exact" in result.stdout, result.stdout
    data = target / "data"
    assert (data / "media" / "shared" / "setuid.bin").read_bytes() == b"bytes"
    for name in long_names.values():
        assert (data / name).read_bytes() == b"long", name
    modes = modes_under(data)
    for name in ("sotube.sqlite", "secret.key", "media/shared/setuid.bin", "media/open.txt", "media/shared"):
        assert name in modes, sorted(modes)
    for name, mode in modes.items():
        kind = "folder" if stat.S_ISDIR(mode) else "file"
        assert stat.S_ISDIR(mode) or stat.S_ISREG(mode), name
        assert oct(mode & 0o7777) == ("0o700" if kind == "folder" else "0o600"), (name, oct(mode))

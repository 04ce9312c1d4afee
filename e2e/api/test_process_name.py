"""`sotube serve` restarts itself once at start to keep its crash reports short (SWIFT_BACKTRACE, read
by the Swift runtime only when a process starts). The process keeps its pid and its name: started
through /proc/self/exe it was called "exe" in ps and top, and `pgrep sotube` or `pkill sotube` found
nothing."""
from pathlib import Path

from conftest import Server, free_port


def test_the_server_keeps_its_name_and_pid_after_its_restart(tmp_path, monkeypatch):
    monkeypatch.delenv("SWIFT_BACKTRACE", raising=False)
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)))
    try:
        proc = Path(f"/proc/{server.process.pid}")
        assert (proc / "comm").read_text().strip() == "sotube"
        environment = (proc / "environ").read_bytes().split(b"\0")
        # The restart happened, in the same process: the variable it sets is in that process's environment.
        assert any(entry.startswith(b"SWIFT_BACKTRACE=") and b"symbolicate=no" in entry for entry in environment)
        assert server.fetch("GET", "/healthz")[0] == 200
    finally:
        server.stop()

#!/usr/bin/env python3
"""Sign-in costs (issue 34), each beside its reference in the same run:

  - a provider sign-in's callback (token exchange at the provider, the ID token's signature against
    the cached JWKS, the account found or made, a session) beside a password log-in at bcrypt cost 12;
  - a request signed in by a trusted proxy's header (a session already made) beside the same request
    with only the session cookie, on a server without the header setting.

The provider is oidc-provider-mock (PyPI) on loopback; server times are the server's own request log
("ms"), so the Python client's overhead is left out.

  python3 scripts/bench-signin.py --bin .build/release/sotube [--sign-ins 40] [--requests 2000]
"""
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

import requests


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if requests.get(url, timeout=1).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    sys.exit(f"bench-signin: {url} did not answer in {timeout} s")


def serve(binary, folder, env):
    port = free_port()
    log = open(os.path.join(folder, f"serve-{port}.log"), "w")
    data = os.path.join(folder, f"data-{port}")
    environment = {**os.environ, "SOTUBE_DEMO": "0", "SOTUBE_PUBLIC_URL": f"http://127.0.0.1:{port}", **env}
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data],
                               env=environment, stdout=subprocess.DEVNULL, stderr=log)
    wait_for(f"http://127.0.0.1:{port}/healthz")
    return process, f"http://127.0.0.1:{port}", log.name


def server_ms(log_path, path_part, status=None):
    """The server's own times (ms) of the logged requests whose path contains `path_part`."""
    times = []
    for line in open(log_path):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("msg") == "request" and path_part in entry.get("path", "") \
                and (status is None or entry.get("status") == str(status)):
            times.append(float(entry["ms"]))
    return times


def summary(values):
    if not values:
        return "—"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"{statistics.median(values):.1f} / {p95:.1f}"


def provider_sign_in(base, mock, sub):
    session = requests.Session()
    start = session.get(base + "/api/v1/auth/oidc/start?returnTo=/%23/store", allow_redirects=False)
    authorize = start.headers["Location"]
    answer = session.post(authorize, data={"sub": sub}, allow_redirects=False)
    callback = answer.headers["Location"]
    began = time.perf_counter()
    done = session.get(callback, allow_redirects=False)
    elapsed = (time.perf_counter() - began) * 1000
    assert done.status_code == 302 and done.headers["Location"] == "/#/store", (done.status_code, done.headers)
    assert "sotube_session" in session.cookies, "no session"
    return elapsed


def provider_alone(mock, sub):
    """The provider's own part of a sign-in: its token endpoint and userinfo, asked directly (ms)."""
    query = urllib.parse.urlencode({"response_type": "code", "client_id": "bench", "redirect_uri": "http://127.0.0.1:9/cb",
                                    "scope": "openid profile email", "state": "s", "nonce": "n"})
    answer = requests.post(f"{mock}/oauth2/authorize?{query}", data={"sub": sub}, allow_redirects=False)
    code = urllib.parse.parse_qs(urllib.parse.urlparse(answer.headers["Location"]).query)["code"][0]
    began = time.perf_counter()
    tokens = requests.post(f"{mock}/oauth2/token", auth=("bench", "s"),
                           data={"grant_type": "authorization_code", "code": code,
                                 "redirect_uri": "http://127.0.0.1:9/cb"}).json()
    requests.get(f"{mock}/userinfo", headers={"Authorization": "Bearer " + tokens["access_token"]})
    return (time.perf_counter() - began) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release/sotube")
    parser.add_argument("--sign-ins", type=int, default=40)
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="sotube-bench-signin-")
    processes = []
    try:
        mock_port = free_port()
        mock = f"http://127.0.0.1:{mock_port}"
        processes.append(subprocess.Popen([sys.executable, "-m", "oidc_provider_mock", "--port", str(mock_port)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(mock + "/.well-known/openid-configuration")
        oidc = {"SOTUBE_OIDC_ISSUER": mock, "SOTUBE_OIDC_CLIENT_ID": "bench", "SOTUBE_OIDC_CLIENT_SECRET": "s",
                "SOTUBE_OIDC_NAME": "Bench", "SOTUBE_BCRYPT_COST": "12",
                "SOTUBE_AUTH_HEADER": "Remote-User", "SOTUBE_TRUSTED_PROXIES": "127.0.0.1"}
        process, base, log = serve(args.bin, folder, oidc)
        processes.append(process)
        for n in range(args.sign_ins):
            requests.put(f"{mock}/users/bench{n}", json={"email": f"bench{n}@example.com", "email_verified": True,
                                                         "preferred_username": f"bench{n}"})
        first = [provider_sign_in(base, mock, f"bench{n}") for n in range(args.sign_ins)]
        again = [provider_sign_in(base, mock, f"bench{n}") for n in range(args.sign_ins)]
        callbacks = server_ms(log, "/api/v1/auth/oidc/callback", 302)
        provider_only = [provider_alone(mock, f"bench{n}") for n in range(args.sign_ins)]
        made, found = callbacks[1:args.sign_ins], callbacks[args.sign_ins:]  # the first one reads discovery + JWKS
        requests.post(base + "/api/v1/auth/register",
                      json={"username": "pat", "email": "pat@example.com", "password": "correct horse 1"})
        for _ in range(args.sign_ins):
            r = requests.post(base + "/api/v1/auth/login", json={"username": "pat", "password": "correct horse 1"})
            assert r.status_code == 200, r.text
        logins = server_ms(log, "/api/v1/auth/login", 200)

        # The hot path: /api/v1/me with the session a proxy's header made, beside a plain session on a
        # server without the header setting.
        header_session = requests.Session()
        header_session.headers["Remote-User"] = "hugo"
        assert header_session.get(base + "/api/v1/me").status_code == 200
        plain_process, plain_base, plain_log = serve(args.bin, folder, {"SOTUBE_BCRYPT_COST": "4"})
        processes.append(plain_process)
        plain = requests.Session()
        plain.post(plain_base + "/api/v1/auth/register",
                   json={"username": "hugo", "email": "hugo@example.com", "password": "correct horse 1"})
        for _ in range(args.requests):
            assert header_session.get(base + "/api/v1/me").status_code == 200
            assert plain.get(plain_base + "/api/v1/me").status_code == 200
        with_header = server_ms(log, "/api/v1/me", 200)[-args.requests:]
        without = server_ms(plain_log, "/api/v1/me", 200)[-args.requests:]

        print("| sign-in (server's own time) | p50 / p95 ms | reference in the same run | p50 / p95 ms |")
        print("|---|---|---|---|")
        print(f"| provider callback, account made ({len(made)}) | {summary(made)} | password log-in, bcrypt 12 "
              f"({len(logins)}) | {summary(logins)} |")
        print(f"| provider callback, account found ({len(found)}) | {summary(found)} | the provider's token + userinfo"
              f" endpoints alone, client's wall time ({len(provider_only)}) | {summary(provider_only)} |")
        print(f"| GET /api/v1/me, trusted-proxy header + its session ({len(with_header)}) | {summary(with_header)} |"
              f" cookie session, no header setting ({len(without)}) | {summary(without)} |")
        print(f"(first callback, discovery and JWKS read: {callbacks[0]:.1f} ms; callback wall p50: account made "
              f"{statistics.median(first):.1f} ms, found {statistics.median(again):.1f} ms)")
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

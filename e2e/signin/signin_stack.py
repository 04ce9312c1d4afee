"""The sign-in suite's outside world: a real OpenID provider (oidc-provider-mock, in this process, so
the tests hold its signing key) behind a tampering layer, and `sotube serve` configured to sign in
through it and through a trusted proxy's Remote-User header.

The provider is the mock's Flask app served by werkzeug on a free loopback port, wrapped in a WSGI
layer (`Tamper`) that passes everything through unless a test asks it to replace the next ID token
the token endpoint gives (forged, expired, another audience, another issuer, another log-in's nonce,
an earlier log-in's token, a key the provider does not publish) or to publish more keys in its JWKS
(a rotation). The issuer the server is configured with is that server's URL, which is the issuer the
mock names in its discovery document and tokens (it takes its issuer from the request's host).
"""
import base64
import hashlib
import http.client
import importlib.util
import json
import os
import secrets
import sqlite3
import threading
import urllib.parse
import warnings
from pathlib import Path

import pytest
import requests

os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")  # the provider speaks plain HTTP on loopback
# First: on import it turns its warnings on ("always"), which the block below then turns off.
import authlib.deprecate  # noqa: E402,F401

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # authlib's deprecation notices about its own modules
    import flask
    import oidc_provider_mock
    import werkzeug.serving
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))
PROVIDER_NAME = "TestID"
OPERATOR_GROUP = "store-admins"
CLIENT_ID = "sotube-e2e"
CLIENT_SECRET = "sotube-e2e-secret"
PASSWORD = "correct horse 1"
TRUSTED_PROXY = "127.0.0.2"  # the tests' "proxy": requests sent from this loopback address
STRAY = (r"\bnull\b", r"\bundefined\b", r"\bNaN\b", r"\[object Object\]")


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The web suite's server start/stop, viewports and console collector (loaded under their own name:
# pytest imports each conftest.py as `conftest`).
web = _load("sotube_web_conftest", ROOT / "e2e" / "web" / "conftest.py")
VIEWPORTS, SCREENSHOTS, Console = web.VIEWPORTS, web.SCREENSHOTS, web.Console
FLOW_VIEWPORTS = ("phone-390x844", "desktop-1440x900")


# The payments suite's helpers (a unique name per call; polling with a deadline).
_services = _load("sotube_payment_services", ROOT / "e2e" / "payments" / "payment_services.py")
unique, wait_until = _services.unique, _services.wait_until


# ---- JWTs, by hand (RS256) -----------------------------------------------------------------------

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def decode(token):
    """(header, claims) of a JWS, unverified."""
    header, payload, _ = token.split(".")
    return json.loads(unb64url(header)), json.loads(unb64url(payload))


def sign(header, claims, private_key):
    """An RS256 JWS of `claims` with `header` (its alg set to RS256), signed with `private_key`."""
    header = {**header, "alg": "RS256", "typ": header.get("typ", "JWT")}
    signing_input = (b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
                     + b64url(json.dumps(claims, separators=(",", ":")).encode()))
    signature = private_key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return signing_input + "." + b64url(signature)


class Key:
    """An RSA key of our own: what the provider does not publish unless a test tells it to."""

    def __init__(self, kid=None):
        self.private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = kid or unique("test-key-")

    def jwk(self):
        numbers = self.private.public_key().public_numbers()

        def as_bytes(n):
            return n.to_bytes((n.bit_length() + 7) // 8, "big")
        return {"kty": "RSA", "kid": self.kid, "use": "sig", "alg": "RS256",
                "n": b64url(as_bytes(numbers.n)), "e": b64url(as_bytes(numbers.e))}


def pkce_pair():
    verifier = b64url(secrets.token_bytes(32))
    return verifier, b64url(hashlib.sha256(verifier.encode()).digest())


# ---- the provider and its tampering layer -------------------------------------------------------

class Tamper:
    """WSGI middleware in front of the mock. Records each authorization request's nonce and each ID
    token the token endpoint gave; `rewrite_next(fn)` makes the next token answer carry
    fn(original id_token) instead; `extra_keys` are published in the JWKS beside the provider's own."""

    def __init__(self, app):
        self.app = app
        self.lock = threading.Lock()
        self.rewrites = []  # functions, first used first
        self.extra_keys = []  # JWK dicts
        self.hide_own_key = False
        self.nonces = []  # nonce of each authorization request seen (GET /oauth2/authorize)
        self.tokens = []  # {"original": str, "sent": str}
        self.jwks_requests = 0
        self.token_requests = 0

    def rewrite_next(self, fn):
        with self.lock:
            self.rewrites.append(fn)

    def pending(self):
        with self.lock:
            return len(self.rewrites)

    def __call__(self, environ, start_response):
        path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD")
        if path == "/oauth2/authorize" and method == "GET":
            nonce = urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).get("nonce")
            if nonce:
                with self.lock:
                    self.nonces.append(nonce[0])
        if path == "/jwks":
            with self.lock:
                self.jwks_requests += 1
        if path == "/oauth2/authorize" and method == "POST":
            return self.app(environ, self._with_state(environ, start_response))
        if path not in ("/oauth2/token", "/jwks"):
            return self.app(environ, start_response)

        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        body = b"".join(self.app(environ, capture))
        status, headers = captured["status"], captured["headers"]
        if path == "/jwks" and status.startswith("200"):
            document = json.loads(body)
            with self.lock:
                if self.hide_own_key:
                    document["keys"] = []
                document["keys"] += self.extra_keys
            body = json.dumps(document).encode()
        elif path == "/oauth2/token" and status.startswith("200"):
            document = json.loads(body)
            original = document.get("id_token")
            with self.lock:
                self.token_requests += 1
                fn = self.rewrites.pop(0) if self.rewrites and original else None
            if fn is not None:
                document["id_token"] = fn(original)
            if original:
                with self.lock:
                    self.tokens.append({"original": original, "sent": document["id_token"]})
            body = json.dumps(document).encode()
        headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
        headers.append(("Content-Length", str(len(body))))
        start_response(status, headers)
        return [body]

    @staticmethod
    def _with_state(environ, start_response):
        """The mock's Deny redirects with error=access_denied but drops the log-in's `state`, which
        RFC 6749 §4.1.2.1 requires (and real providers send): put it back."""
        state = urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).get("state")

        def start(status, headers, exc_info=None):
            if state:
                fixed = []
                for name, value in headers:
                    if name.lower() == "location" and "error=" in value and "state=" not in value:
                        value += ("&" if "?" in value else "?") + urllib.parse.urlencode({"state": state[0]})
                    fixed.append((name, value))
                headers = fixed
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)
        return start


def _name_the_key_in_id_tokens():
    """The mock (with authlib 1.9) signs ID tokens without a `kid` header, though its JWKS names the key
    (its RFC 7638 thumbprint). Providers in the field (Keycloak, Authentik, Google…) name it: so does
    this one, so that a test publishing a second key does not leave the store unable to tell which
    key signed a token."""
    code = oidc_provider_mock._app.OpenIDCode
    if getattr(code, "_sotube_kid", False):
        return
    plain = code.get_jwt_config

    def get_jwt_config(self, grant, client=None):
        config = plain(self, grant, client)
        return {**config, "kid": oidc_provider_mock._app.storage.jwk.thumbprint()}
    code.get_jwt_config = get_jwt_config
    code._sotube_kid = True


class Provider:
    """oidc-provider-mock on a free loopback port (this process, a thread); `url` is its issuer."""

    def __init__(self):
        _name_the_key_in_id_tokens()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.flask_app = oidc_provider_mock.app()
        # The mock keeps its storage (users, codes, its signing key) in a closure it hands to each
        # request through flask.g: run its before-request hooks once to reach it.
        with self.flask_app.test_request_context("/"):
            self.flask_app.preprocess_request()
            self.storage = flask.g.oidc_provider_mock_storage
        self.tamper = Tamper(self.flask_app.wsgi_app)
        self.flask_app.wsgi_app = self.tamper
        self.server = werkzeug.serving.make_server("127.0.0.1", 0, self.flask_app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1},
                                       daemon=True)
        self.thread.start()
        r = requests.get(self.url + "/.well-known/openid-configuration", timeout=10)
        assert r.status_code == 200 and r.json()["issuer"] == self.url, r.text

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    # -- the provider's own key (to sign what a test needs, as the provider would)
    @property
    def kid(self):
        return self.storage.jwk.thumbprint()

    @property
    def private_key(self):
        return self.storage.jwk.get_private_key()

    def resign(self, token, key=None, kid=None, **changes):
        """`token`'s claims with `changes` (a value None removes the claim), signed with the provider's
        key (or `key`, a cryptography private key), its kid the provider's unless `kid`."""
        header, claims = decode(token)
        claims = {**claims, **changes}
        claims = {k: v for k, v in claims.items() if v is not None}
        header = {**header, "kid": kid or header.get("kid") or self.kid}
        return sign(header, claims, key or self.private_key)

    def set_user(self, sub, **claims):
        """PUT /users/{sub}: the claims the provider gives for `sub` from now on."""
        r = requests.put(f"{self.url}/users/{urllib.parse.quote(sub)}", json=claims, timeout=10)
        assert r.status_code == 204, r.text

    def new_user(self, prefix="oidc", **claims):
        """A provider user with a unique sub and preferred_username; (sub, username)."""
        sub = unique(prefix)
        username = claims.pop("preferred_username", sub)
        claims = {"email": f"{sub}@idp.example.test", "email_verified": True, "name": f"Person {sub}",
                  "preferred_username": username, **claims}
        self.set_user(sub, **claims)
        return sub, username


# ---- the SoTube server --------------------------------------------------------------------------

def env_for(provider_url, extra=None):
    return {**os.environ, "SOTUBE_DEMO": "0", "SOTUBE_BCRYPT_COST": "4", "SOTUBE_PEOPLE_PER_ADDRESS": "100",
            "SOTUBE_OIDC_ISSUER": provider_url, "SOTUBE_OIDC_CLIENT_ID": CLIENT_ID,
            "SOTUBE_OIDC_CLIENT_SECRET": CLIENT_SECRET, "SOTUBE_OIDC_NAME": PROVIDER_NAME,
            "SOTUBE_OIDC_OPERATOR_GROUP": OPERATOR_GROUP, **(extra or {})}


class Server:
    """One `sotube serve` on a fresh data folder, signing in through `provider`."""

    def __init__(self, root, provider, extra_env=None):
        self.provider = provider
        self.data = root / "data"
        self.data.mkdir(parents=True)
        self.process = None
        for attempt in range(3):  # a free port taken between asking and binding: another one
            port = web._free_port()
            self.base = f"http://127.0.0.1:{port}"
            self.env = env_for(provider.url, {"SOTUBE_PUBLIC_URL": self.base, **(extra_env or {})})
            try:
                self.process, _, self.log = web.start_sotube(
                    [str(BIN), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(self.data),
                     "--public-dir", str(ROOT / "Public")], self.env, root / f"server-{attempt}.log", port, 60)
                self.log_path = root / f"server-{attempt}.log"
                break
            except pytest.fail.Exception:
                if attempt == 2 or "Address already in use" not in (root / f"server-{attempt}.log").read_text(errors="replace"):
                    raise
        methods = requests.get(self.base + "/api/v1/auth/methods", timeout=10)
        if methods.status_code != 200:
            self.stop()
            pytest.fail(f"this server build has no sign-in providers: GET /api/v1/auth/methods → "
                        f"{methods.status_code} {methods.text[:300]}")
        self.methods = methods.json()

    def stop(self):
        if self.process is not None:
            web.stop_sotube(self.process, self.log)
            self.process = None

    def server_log(self):
        return self.log_path.read_text(errors="replace")

    # -- the database, read beside the server (SQLite in WAL mode)
    def query(self, sql, *args):
        db = sqlite3.connect(f"file:{self.data / 'sotube.sqlite'}?mode=ro", uri=True, timeout=10)
        try:
            return db.execute(sql, args).fetchall()
        finally:
            db.close()

    def user_count(self):
        return self.query("SELECT count(*) FROM users")[0][0]

    def identity_count(self):
        return self.query("SELECT count(*) FROM user_identities")[0][0]

    # -- HTTP
    def request(self, method, path, token=None, **kwargs):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        kwargs.setdefault("allow_redirects", False)
        return requests.request(method, self.base + path, headers=headers, timeout=30, **kwargs)

    def register(self, username=None, email=None, password=PASSWORD):
        username = username or unique("local")
        r = self.request("POST", "/api/v1/auth/register",
                         json={"username": username, "email": email or f"{username}@example.test",
                               "password": password})
        assert r.status_code == 201, f"POST /api/v1/auth/register → {r.status_code} {r.text}"
        return r.json()

    def from_address(self, source, method, path, headers=None, body=None):
        """A request sent from loopback address `source` (127.0.0.2 is the trusted proxy): (status,
        headers, parsed JSON or text)."""
        host, port = self.base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            raw = response.read().decode(errors="replace")
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = raw
            return response.status, response.headers, parsed
        finally:
            connection.close()

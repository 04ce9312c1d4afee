"""Signing in without a browser: one log-in driven with requests (`Flow`), the refusal a callback
redirects to, and what the tests make the provider's next ID token be (`REFUSALS`)."""
import re
import time
import urllib.parse

import requests

from signin_stack import Key

# ---- signing in without a browser (requests) ---------------------------------------------------

class Flow:
    """One log-in driven with requests: /oidc/start → the provider's form → the callback."""

    def __init__(self, server, session=None):
        self.server = server
        self.session = session or requests.Session()

    def start(self, **query):
        r = self.session.get(self.server.base + "/api/v1/auth/oidc/start", params=query,
                             allow_redirects=False, timeout=30)
        assert r.status_code == 302, f"GET /api/v1/auth/oidc/start → {r.status_code} {r.text[:300]}"
        self.authorize_url = r.headers["Location"]
        assert self.authorize_url.startswith(self.server.provider.url + "/oauth2/authorize"), self.authorize_url
        return self.authorize_url

    def at_provider(self, sub=None, deny=False):
        """The provider's form submitted (the sub typed, or Deny): the callback URL it sends back to."""
        data = {"action": "deny"} if deny else {"sub": sub}
        r = requests.post(self.authorize_url, data=data, allow_redirects=False, timeout=30)
        assert r.status_code == 302, f"the provider's form → {r.status_code} {r.text[:300]}"
        self.callback_url = r.headers["Location"]
        assert self.callback_url.startswith(self.server.base + "/api/v1/auth/oidc/callback?"), self.callback_url
        return self.callback_url

    def callback(self, url=None):
        r = self.session.get(url or self.callback_url, allow_redirects=False, timeout=60)
        assert r.status_code == 302, f"GET …/oidc/callback → {r.status_code} {r.text[:300]}"
        return r.headers["Location"]

    def sign_in(self, sub, **start_query):
        self.start(**start_query)
        self.at_provider(sub)
        return self.callback()

    def me(self):
        return self.session.get(self.server.base + "/api/v1/me", timeout=30)


def refusal_of(location):
    """The message of a /#/login?signInError=… redirect (None when it is not one)."""
    match = re.fullmatch(r"/#/login\?signInError=(.*)", location)
    return urllib.parse.unquote(match.group(1)) if match else None


# ---- what the tests make the provider's next token answer --------------------------------------

def earlier_login_token(server, provider):
    """A genuine ID token of a finished log-in (another person's): its nonce is that log-in's."""
    sub, _ = provider.new_user("earlier")
    location = Flow(server).sign_in(sub)
    assert location == "/#/store", location
    return provider.tamper.tokens[-1]["original"]


def other_login_nonce(server):
    """The nonce of another log-in, begun and left at the provider."""
    authorize = Flow(server).start()
    return urllib.parse.parse_qs(urllib.parse.urlparse(authorize).query)["nonce"][0]


def _expired(provider):
    now = int(time.time())
    return lambda token: provider.resign(token, exp=now - 3600, iat=now - 4000)


def _foreign_key(provider):
    key = Key()
    return lambda token: provider.resign(token, key=key.private, kid=key.kid)


# name → (make(server, provider) → the rewrite of the next ID token, the reason the user reads)
REFUSALS = {
    "forged-signature": (lambda s, p: (lambda t: p.resign(t, key=Key().private)), r"signature|signed"),
    "unknown-kid": (lambda s, p: _foreign_key(p), r"key"),
    "expired": (lambda s, p: _expired(p), r"expired"),
    "wrong-aud": (lambda s, p: (lambda t: p.resign(t, aud=["another-app"])), r"another application"),
    "wrong-iss": (lambda s, p: (lambda t: p.resign(t, iss="http://127.0.0.1:9")), r"another provider"),
    "nonce-of-another-login": (lambda s, p: (lambda t, n=other_login_nonce(s): p.resign(t, nonce=n)),
                               r"nonce|another sign-in"),
    "earlier-login-token": (lambda s, p: (lambda t, e=earlier_login_token(s, p): e), r"nonce|another sign-in"),
}
DENIED = r"TestID.*denied"  # "TestID did not sign you in (… denied the request)."

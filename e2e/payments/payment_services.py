"""The outside services the payments suite starts: localstripe (Stripe's API, webhooks and a
Stripe.js stand-in), a recording proxy for its webhooks, and the SMTP test server; the constants and
small helpers the suite shares."""
import email
import email.policy
import hashlib
import hmac
import importlib.util
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))
SMTP_SCRIPT = ROOT / "scripts" / "smtp-test-server.py"
PASSWORD = "correct horse 1"
SECRET_KEY = "sk_test_sotube29"
PUBLISHABLE_KEY = "pk_test_sotube29"
WEBHOOK_SECRET = "whsec_sotube29testsecret"
SMTP_USER, SMTP_PASS = "sotube", "smtp-secret"
MAIL_FROM = "SoTube <shop@example.test>"
SONG_PRICE = 25
SONGS = ["Coin Song 1", "Coin Song 2", "Coin Song 3", "Coin Song 4"]
FROZEN = "urn:sotube:problem:account-frozen"
# localstripe declines a charge for 4000 0000 0000 0341; 4000 0000 0000 0002 (the card Stripe declines)
# only when it is attached to a customer, which a one-off payment does not do.
CARD_OK, CARD_DECLINED, CARD_3DS = "4242424242424242", "4000000000000341", "4000002500003155"


def _load(name, path):
    """The web suite's helpers, loaded under their own name (pytest imports each conftest.py as
    `conftest`, so `from conftest import …` would find whichever was imported last)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


web = _load("sotube_web_conftest", ROOT / "e2e" / "web" / "conftest.py")
webhelpers = _load("sotube_webhelpers", ROOT / "e2e" / "web" / "webhelpers.py")
VIEWPORTS, SCREENSHOTS, Console = web.VIEWPORTS, web.SCREENSHOTS, web.Console
FLOW_VIEWPORTS = ("phone-390x844", "desktop-1440x900")
_names = itertools.count()


def free_port():
    return web._free_port()


def unique(prefix):
    return f"{prefix}{int(time.time() * 1000) % 10**8}{os.getpid() % 1000}x{next(_names)}"


def wait_until(check, timeout, what, interval=0.2):
    """Calls check() until it returns something truthy; that value, or a failure naming `what`."""
    deadline = time.time() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.time() > deadline:
            pytest.fail(f"{what} (waited {timeout} s)")
        time.sleep(interval)


def env_for(extra=None):
    return {**os.environ, "SOTUBE_DEMO": "0", "SOTUBE_BCRYPT_COST": "4", "SOTUBE_PEOPLE_PER_ADDRESS": "100",
            **(extra or {})}


# ---- localstripe ------------------------------------------------------------------------------

class LocalStripe:
    """localstripe on a free loopback port, from scratch. `api` is its base URL."""

    def __init__(self, folder):
        self.folder = folder
        for _ in range(5):
            self.port = free_port()
            self.log = open(folder / "localstripe.log", "wb")
            # cwd: its store is pickled to /tmp/localstripe.pickle whatever the folder; never read back
            # with --from-scratch, so two of them (two xdist workers) do not meet.
            self.process = subprocess.Popen(
                [sys.executable, "-m", "localstripe", "--port", str(self.port), "--from-scratch"],
                cwd=folder, stdout=self.log, stderr=subprocess.STDOUT)
            self.api = f"http://127.0.0.1:{self.port}"
            self.js_url = f"{self.api}/js.stripe.com/v3/"
            deadline = time.time() + 30
            while time.time() < deadline and self.process.poll() is None:
                try:
                    if requests.get(self.js_url, timeout=2).status_code == 200:
                        return
                except requests.RequestException:
                    time.sleep(0.2)
            self.stop()  # the port was taken meanwhile, or it did not start: another port
        pytest.fail("localstripe did not start:\n" + (folder / "localstripe.log").read_text(errors="replace")[-3000:])

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def call(self, method, path, data=None, key=SECRET_KEY):
        """The Stripe API as the server would call it (form-encoded, secret key)."""
        r = requests.request(method, self.api + path, data=data, auth=(key, ""), timeout=20)
        return r.status_code, r.json()

    def token(self, number, exp_month="12", exp_year="2034", cvc="123"):
        """A card token as Stripe.js makes one in the browser (publishable key in the form)."""
        r = requests.post(self.api + "/v1/tokens", data={
            "card[number]": number, "card[exp_month]": exp_month, "card[exp_year]": exp_year, "card[cvc]": cvc,
            "key": PUBLISHABLE_KEY}, timeout=20)
        assert r.status_code == 200, r.text
        return r.json()["id"]

    def authenticate(self, client_secret, success=True):
        """The 3-D Secure step Stripe.js's confirmCardPayment does in the browser."""
        intent = client_secret.split("_secret_")[0]
        r = requests.post(f"{self.api}/v1/payment_intents/{intent}/_authenticate?success={str(success).lower()}",
                          data={"key": PUBLISHABLE_KEY, "client_secret": client_secret}, timeout=20)
        assert r.status_code == 200, r.text
        return r.json()

    def webhook(self, url, secret):
        r = requests.post(f"{self.api}/_config/webhooks/sotube", data={"url": url, "secret": secret}, timeout=10)
        assert r.status_code == 200, r.text


# ---- the webhook recorder ----------------------------------------------------------------------

class WebhookRecorder:
    """Between localstripe and the server: forwards each webhook delivery as it came (body and
    headers) and keeps it with the server's answer, so tests know when one arrived and can replay it.
    `held()` keeps deliveries back (received, not yet forwarded) until the block ends: a test decides
    whether the webhook or the browser's /sync comes first."""

    def __init__(self):
        self.target = None
        self.deliveries = []  # {"body": bytes, "headers": {...}, "event": dict|None, "status": int|None}
        self.lock = threading.Lock()
        self.gate = threading.Event()
        self.gate.set()
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k: v for k, v in self.headers.items() if k.lower() in ("content-type", "stripe-signature")}
                try:
                    event = json.loads(body)
                except ValueError:
                    event = None
                delivery = {"body": body, "headers": headers, "event": event, "status": None}
                with recorder.lock:
                    recorder.deliveries.append(delivery)
                recorder.gate.wait(120)
                try:
                    r = requests.post(recorder.target, data=body, headers=headers, timeout=30)
                    status, answer = r.status_code, r.content
                except requests.RequestException as error:
                    status, answer = 599, str(error).encode()
                delivery["answer"] = answer
                delivery["status"] = status
                self.send_response(200 if status < 300 else 500)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/webhooks/stripe"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def received(self, intent, kind="payment_intent.succeeded"):
        """Deliveries of `kind` about PaymentIntent `intent` that reached the recorder."""
        with self.lock:
            return [d for d in self.deliveries if d["event"] and d["event"].get("type") == kind
                    and d["event"].get("data", {}).get("object", {}).get("id") == intent]

    def for_intent(self, intent, kind="payment_intent.succeeded"):
        """… and were forwarded to the server (its answer in "status")."""
        return [d for d in self.received(intent, kind) if d["status"] is not None]

    @contextmanager
    def held(self):
        self.gate.clear()
        try:
            yield
        finally:
            self.gate.set()

    def stop(self):
        self.gate.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def sign(body, secret=WEBHOOK_SECRET, timestamp=None):
    """A Stripe-Signature header for `body` (bytes): what Stripe sends, computed with the shared secret."""
    timestamp = int(time.time()) if timestamp is None else int(timestamp)
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def event_body(kind, obj, event_id=None):
    """A Stripe event as JSON bytes, its object `obj` (the test plays Stripe)."""
    return json.dumps({
        "id": event_id or f"evt_test{unique('')}", "object": "event", "api_version": "2024-06-20",
        "created": int(time.time()), "livemode": False, "pending_webhooks": 1, "type": kind,
        "data": {"object": obj}}, indent=2).encode()


# ---- the SMTP test server ----------------------------------------------------------------------

def make_certificate(folder):
    cert, key = folder / "smtp-cert.pem", folder / "smtp-key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


class SmtpServer:
    """scripts/smtp-test-server.py with STARTTLS and AUTH. Every start writes to a new mail folder
    (its file numbers start at 1 again); `messages()` reads them all."""

    def __init__(self, folder):
        self.folder = folder
        self.cert, self.key = make_certificate(folder)
        self.maildirs = []
        self.process = None
        self.port = 0
        self.start()

    def start(self, port=None):
        maildir = self.folder / f"mail-{len(self.maildirs) + 1}"
        self.maildirs.append(maildir)
        self.log = open(self.folder / f"smtp-{len(self.maildirs)}.log", "wb")
        deadline = time.time() + 20
        while True:
            self.process = subprocess.Popen(
                [sys.executable, str(SMTP_SCRIPT), "--port", str(port if port is not None else self.port),
                 "--mode", "starttls", "--cert", str(self.cert), "--key", str(self.key),
                 "--auth", f"{SMTP_USER}:{SMTP_PASS}", "--maildir", str(maildir)],
                stdout=subprocess.PIPE, stderr=self.log, text=True)
            line = self.process.stdout.readline()
            if line.startswith("READY "):
                self.port = int(line.split()[1])
                return
            self.process.wait()
            if time.time() > deadline:  # the port was not free again yet: tried for 20 s
                pytest.fail("SMTP test server did not start:\n" + Path(self.log.name).read_text(errors="replace")[-2000:])
            time.sleep(0.5)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def messages(self):
        """Every message received so far: email.message.EmailMessage (policy.default: decoded headers;
        `.raw` the bytes)."""
        found = []
        for maildir in self.maildirs:
            if maildir.exists():
                for path in sorted(maildir.glob("*.eml"), key=lambda p: int(p.stem)):
                    raw = path.read_bytes()
                    message = email.message_from_bytes(raw, policy=email.policy.default)
                    message.raw = raw  # the bytes as received (headers undecoded)
                    found.append(message)
        return found

    def wait_for(self, to, timeout=30, subject=None):
        """The first message to `to` (and whose decoded subject matches `subject`, a regex)."""
        def find():
            for message in self.messages():
                if to.lower() in str(message.get("To", "")).lower() and (
                        subject is None or re.search(subject, str(message.get("Subject", "")))):
                    return message
            return None
        return wait_until(find, timeout, f"no mail to {to}" + (f" matching {subject!r}" if subject else ""), 0.3)

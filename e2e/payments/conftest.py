"""Card payments (Stripe, played by localstripe) and mail (a real SMTP server) end to end.

One stack per test session (per pytest-xdist worker): localstripe on a free loopback port
(`--from-scratch`), the SMTP test server (scripts/smtp-test-server.py: STARTTLS, AUTH, a self-signed
certificate made with openssl), a recording proxy between localstripe's webhooks and the server (the
tests see what was delivered, and replay it), and one `sotube serve` with Stripe on, its data folder
seeded with four songs of 25 coins (imported tones) so the tests can spend coins.

Environment: SOTUBE_BIN (default .build/debug/sotube), CHROMIUM (default /usr/bin/chromium).
Screenshots land in e2e/screenshots/<viewport>/ like the other browser tests'.
"""
import email
import email.policy
import hashlib
import hmac
import importlib.util
import itertools
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
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
# The tests import these helpers as `sotube_payments` (not `conftest`: see _load).
sys.modules.setdefault("sotube_payments", sys.modules[__name__])


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


# ---- the SoTube server --------------------------------------------------------------------------

def seed(root):
    """A data folder with four songs of SONG_PRICE coins (tones; their media made)."""
    music = root / "music" / "Pay Band" / "Pay Album"
    music.mkdir(parents=True)
    for track, title in enumerate(SONGS, 1):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"sine=frequency={300 + 40 * track}:duration=3", "-metadata", f"title={title}",
                        "-metadata", "artist=Pay Band", "-metadata", "album=Pay Album", "-metadata", f"track={track}",
                        "-c:a", "flac", str(music / f"{track:02d}.flac")], check=True, timeout=120)
    data = root / "data"
    env = env_for()
    subprocess.run([str(BIN), "import", "--no-wait", str(root / "music"), "--data", str(data)],
                   check=True, capture_output=True, env=env, timeout=300)
    subprocess.run([str(BIN), "worker", "--until-idle", "--workers", "1", "--data", str(data)],
                   check=True, capture_output=True, env=env, timeout=300)
    db = sqlite3.connect(data / "sotube.sqlite")
    with db:
        db.execute("UPDATE tracks SET price = ?", (SONG_PRICE,))
        ids = [row[0] for row in db.execute("SELECT id FROM tracks ORDER BY title")]
    db.close()
    return data, ids


class Stack:
    """The session's localstripe, SMTP server, webhook recorder and SoTube server."""

    def __init__(self, root):
        self.root = root
        self.stripe = self.smtp = self.recorder = self.process = None
        try:
            self._start(root)
        except BaseException:
            self.stop()  # what did start does not outlive a failed start
            raise

    def _start(self, root):
        self.stripe = LocalStripe(root)
        self.smtp = SmtpServer(root)
        self.recorder = WebhookRecorder()
        self.data, self.songs = seed(root)
        self.env = env_for({
            "SOTUBE_PAYMENTS": "stripe",
            "SOTUBE_STRIPE_SECRET_KEY": SECRET_KEY,
            "SOTUBE_STRIPE_PUBLISHABLE_KEY": PUBLISHABLE_KEY,
            "SOTUBE_STRIPE_WEBHOOK_SECRET": WEBHOOK_SECRET,
            "SOTUBE_STRIPE_API_URL": self.stripe.api,
            "SOTUBE_STRIPE_JS_URL": self.stripe.js_url,
            "SOTUBE_SMTP_URL": f"smtp://{SMTP_USER}:{SMTP_PASS}@127.0.0.1:{self.smtp.port}",
            "SOTUBE_SMTP_CA_FILE": str(self.smtp.cert),
            "SOTUBE_MAIL_FROM": MAIL_FROM,
            "SOTUBE_MAIL_RETRY_SECONDS": "1",
        })
        port = free_port()
        self.process, self.base, self.log = web.start_sotube(
            [str(BIN), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(self.data),
             "--public-dir", str(ROOT / "Public")], self.env, self.data / "server.log", port, 60)
        self.recorder.target = self.base + "/webhooks/stripe"
        self.stripe.webhook(self.recorder.url, WEBHOOK_SECRET)

    def stop(self):
        if self.process is not None:
            web.stop_sotube(self.process, self.log)
        for part in (self.recorder, self.smtp, self.stripe):
            if part is not None:
                part.stop()

    def server_log(self):
        return (self.data / "server.log").read_text(errors="replace")

    # -- the CLI, on the server's data folder, with the server's environment (its Stripe keys)
    def cli(self, *args, check=False):
        return subprocess.run([str(BIN), *args, "--data", str(self.data)], capture_output=True, text=True,
                              env=self.env, timeout=120, check=check)

    def ledger_verify(self):
        result = self.cli("ledger", "verify")
        assert result.returncode == 0, f"sotube ledger verify: {result.returncode}\n{result.stdout}\n{result.stderr}"

    # -- the HTTP API
    def request(self, method, path, token=None, **kwargs):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return requests.request(method, self.base + path, headers=headers, timeout=60, **kwargs)

    def register(self, name=None, headers=None):
        name = name or unique("buyer")
        r = self.request("POST", "/api/v1/auth/register", headers=headers or {},
                         json={"username": name, "email": f"{name}@example.test", "password": PASSWORD})
        assert r.status_code == 201, r.text
        return Buyer(self, name, f"{name}@example.test", r.json()["token"])


class Buyer:
    def __init__(self, stack, name, address, token):
        self.stack, self.name, self.email, self.token = stack, name, address, token

    def call(self, method, path, **kwargs):
        return self.stack.request(method, path, token=self.token, **kwargs)

    def coins(self):
        r = self.call("GET", "/api/v1/wallet")
        assert r.status_code == 200, r.text
        return r.json()["coins"]

    def wallet(self):
        return self.call("GET", "/api/v1/wallet").json()

    def top_up(self, pack="small"):
        r = self.call("POST", "/api/v1/wallet/top-ups", json={"packId": pack})
        assert r.status_code == 201, f"POST /api/v1/wallet/top-ups {{packId: {pack}}} → {r.status_code} {r.text}"
        return r.json()

    def get_top_up(self, top_up_id):
        r = self.call("GET", f"/api/v1/wallet/top-ups/{top_up_id}")
        assert r.status_code == 200, r.text
        return r.json()

    def pay(self, top_up_id, card=CARD_OK):
        """Pays a top-up as the pay screen does: a token at localstripe, then our /card route."""
        token = self.stack.stripe.token(card)
        return self.call("POST", f"/api/v1/wallet/top-ups/{top_up_id}/card", json={"token": token})

    def paid_top_up(self, pack="small"):
        """A captured top-up (card 4242): (created answer, TopUp)."""
        created = self.top_up(pack)
        r = self.pay(created["topUpId"])
        assert r.status_code == 200, f"POST …/card → {r.status_code} {r.text}"
        top_up = r.json()
        if top_up["status"] != "captured":  # paid: captured now or once the webhook came
            top_up = wait_until(lambda: (t := self.get_top_up(created["topUpId"]))["status"] == "captured" and t,
                                15, f"top-up {created['topUpId']} not captured: {top_up}")
        return created, top_up

    def buy(self, track_id):
        return self.call("POST", "/api/v1/purchases", json={"trackId": track_id},
                         headers={"Idempotency-Key": unique("k")})

    def ledger(self):
        r = self.call("GET", "/api/v1/wallet/history")
        assert r.status_code == 200, r.text
        return r.json()["entries"]


def intent_of(secret):
    return secret.split("_secret_")[0] if secret else None


@pytest.fixture(scope="session")
def stack():
    if not BIN.exists():
        pytest.fail(f"server binary {BIN} not found: run `swift build` first or set SOTUBE_BIN")
    if not SMTP_SCRIPT.exists():
        pytest.fail(f"{SMTP_SCRIPT} is missing")
    root = Path(tempfile.mkdtemp(prefix="sotube-e2e-payments-"))
    started = Stack(root)
    wallet = started.register().wallet()
    if wallet.get("provider") != "stripe":
        started.stop()
        pytest.fail(f"the server does not sell coins through Stripe: GET /api/v1/wallet → {wallet}")
    yield started
    started.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def ledger_exact(stack):
    """`sotube ledger verify` exits 0 after the test."""
    yield
    stack.ledger_verify()


# ---- the browser -------------------------------------------------------------------------------

def pytest_generate_tests(metafunc):
    if "viewport" in metafunc.fixturenames:
        mark = metafunc.definition.get_closest_marker("viewports")
        sizes = list(mark.args) if mark else list(FLOW_VIEWPORTS)
        metafunc.parametrize("viewport", sizes, ids=sizes)


@pytest.fixture
def console():
    return Console()


@pytest.fixture
def page(browser, viewport, console):
    size = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size, locale="en-US", has_touch=size["width"] < 1000,
                                  service_workers="block")
    context.on("page", console.attach)
    yield context.new_page()
    context.close()
    assert console.unexpected() == [], "console errors"


@pytest.fixture
def shot(viewport):
    folder = SCREENSHOTS / viewport
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.wait_for_timeout(150)
        page.screenshot(path=str(folder / f"{name}.png"))
    return take

"""The SoTube server of the payments suite (Stripe on, mail through SMTP) and a buyer's API calls."""
import sqlite3
import subprocess

import requests

from payment_services import *  # noqa: F401,F403 (the suite's constants, helpers and services)


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

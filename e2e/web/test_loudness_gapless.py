"""Loudness and gapless in the web player (SPEC M8), measured on what the player actually sends to
the speakers: a test-only AudioWorklet is put between the page's Web Audio graph and its
destination (the page's own code is untouched) and logs, in the audio clock, the level of every
128-frame block it passes on.

- Gapless: one continuous 440 Hz tone cut at a known sample into two songs of one album; the album
  plays from its page and the join has no silence longer than 50 ms, over 4 s of sound in one piece.
- Gain: songs at -24 and -8 LUFS come out at the level the server's rule gives (toward -14 LUFS, true
  peak at most -1 dBTP), the same level for both; album gain while the album plays in order; the
  Account switch turns it off (unity gain).
- A song whose media jobs have not run shows "Being prepared" and no Buy button.

One server for the module (no demo catalog, no media workers), a few seconds of generated audio."""
import math
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ROOT, SCREENSHOTS, Console, _free_port, start_sotube, stop_sotube

# It listens for gaps of 50 ms in what the browser plays: alone on the machine (scripts/test.sh).
pytestmark = pytest.mark.serial

BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))
SHOTS = SCREENSHOTS / "desktop-1440x900"
RATE = 44100
QUIET_AMPLITUDE = 0.0892  # a 1 kHz sine at about -24 LUFS
LOUD_AMPLITUDE = 0.563  # about -8 LUFS

# Logs each 128-frame block's RMS with its start in the audio clock; 'report' answers with the log.
TAP = """
class E2ETap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.log = [];
    this.port.onmessage = (e) => {
      if (e.data === 'reset') this.log = [];
      this.port.postMessage({ now: currentTime, rate: sampleRate, log: this.log });
    };
  }
  process(inputs, outputs) {
    const input = inputs[0] || [];
    const ch = input[0];
    let sum = 0;
    if (ch) for (let i = 0; i < ch.length; i++) sum += ch[i] * ch[i];
    this.log.push([currentTime, ch ? Math.sqrt(sum / ch.length) : 0]);
    for (let c = 0; c < outputs[0].length; c++) if (input[c]) outputs[0][c].set(input[c]);
    return true;
  }
}
registerProcessor('e2e-tap', E2ETap);
"""

# Every connection the page makes to a context's destination goes through the tap.
INIT = """
(() => {
  const Native = window.AudioContext;
  if (!Native) return;
  const connect = AudioNode.prototype.connect;
  window.__taps = [];
  window.AudioContext = class extends Native {
    constructor(...args) {
      super(...args);
      this.__entry = this.createGain();
      connect.call(this.__entry, this.destination);
      this.audioWorklet.addModule('/e2e-tap.js').then(() => {
        const tap = new AudioWorkletNode(this, 'e2e-tap');
        this.__entry.disconnect();
        connect.call(this.__entry, tap);
        connect.call(tap, this.destination);
        window.__taps.push(tap);
      });
    }
  };
  AudioNode.prototype.connect = function (target, ...rest) {
    if (target instanceof AudioDestinationNode && target.context.__entry && this !== target.context.__entry) {
      return connect.call(this, target.context.__entry, ...rest);
    }
    return connect.call(this, target, ...rest);
  };
})();
"""


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120)


def tagged(source, target, title, track, album, extra_filter=None):
    target.parent.mkdir(parents=True, exist_ok=True)
    ffmpeg("-i", str(source), *(["-af", extra_filter] if extra_filter else []),
           "-metadata", f"title={title}", "-metadata", "artist=Tone Band", "-metadata", f"album={album}",
           "-metadata", f"track={track}", "-c:a", "flac", str(target))


def make_music(root):
    """Join Album: one 4 s 440 Hz tone cut at sample 88,200 (2 s) into tracks 1 and 2.
    Level Album: a quiet and a loud 1 kHz tone. Waiting Album: imported without its jobs."""
    tone = root / "tone.wav"
    ffmpeg("-f", "lavfi", "-i", f"sine=frequency=440:duration=4:sample_rate={RATE}", "-af", "volume=0.5",
           "-c:a", "pcm_s16le", str(tone))
    music = root / "music"
    tagged(tone, music / "join" / "01.flac", "Join One", 1, "Join Album", "atrim=end_sample=88200")
    tagged(tone, music / "join" / "02.flac", "Join Two", 2, "Join Album", "atrim=start_sample=88200")
    for n, (title, amplitude) in enumerate([("Quiet Tone", QUIET_AMPLITUDE), ("Loud Tone", LOUD_AMPLITUDE)], 1):
        source = root / f"level{n}.wav"
        ffmpeg("-f", "lavfi", "-i", f"sine=frequency=1000:duration=2:sample_rate={RATE}",
               "-af", f"volume={amplitude / 0.125:.6f}", "-c:a", "pcm_s16le", str(source))  # lavfi sine is 1/8 full scale
        tagged(source, music / "level" / f"0{n}.flac", title, n, "Level Album")
    waiting = root / "waiting"
    tagged(tone, waiting / "01.flac", "Waiting Song", 1, "Waiting Album", "atrim=end_sample=44100")
    return music, waiting


def cli(data, *args):
    env = dict(os.environ, SOTUBE_DEMO="0", SOTUBE_BCRYPT_COST="4")
    return subprocess.run([str(BIN), *args, "--data", str(data)], check=True, capture_output=True, text=True,
                          timeout=300, env=env)


@pytest.fixture(scope="module")
def store():
    """A server with the tone albums on sale (jobs done) and one album still being prepared."""
    if not BIN.exists():
        pytest.fail(f"server binary {BIN} not found: run `swift build` first or set SOTUBE_BIN")
    root = Path(tempfile.mkdtemp(prefix="sotube-e2e-tones-"))
    data = root / "data"
    music, waiting = make_music(root)
    cli(data, "import", str(music))  # waits for the media jobs: previews, renditions, loudness
    cli(data, "import", "--no-wait", str(waiting))  # and no worker runs: ready stays false
    # The web app as it is, plus the test's tap module beside it (a worklet module must come from the
    # page's origin: the app's CSP allows scripts from 'self' only).
    public = root / "public"
    shutil.copytree(ROOT / "Public", public)
    (public / "e2e-tap.js").write_text(TAP)
    port = _free_port()
    env = dict(os.environ, SOTUBE_DEMO="0", SOTUBE_BCRYPT_COST="4", SOTUBE_PEOPLE_PER_ADDRESS="100")
    proc, base, log = start_sotube(
        [str(BIN), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(data),
         "--public-dir", str(public), "--workers", "0"], env, root / "server.log", port, timeout=120)
    yield {"base": base, "data": data}
    stop_sotube(proc, log)
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def page(browser, store):
    console = Console()
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US", service_workers="block")
    context.add_init_script(INIT)
    context.on("page", console.attach)
    yield context.new_page()
    context.close()
    assert console.unexpected() == [], "console errors"


def albums(page, base):
    found = page.request.get(base + "/api/v1/search?q=Tone%20Band").json()["albums"]
    by_title = {a["title"]: a["id"] for a in found}
    return {title: page.request.get(f"{base}/api/v1/albums/{id}").json() for title, id in by_title.items()}


def buyer(page, store):
    """A new user who owns the Join and Level albums, logged in on `page`."""
    base = store["base"]
    name = f"tones{uuid.uuid4().hex[:10]}"
    r = page.request.post(base + "/api/v1/auth/register",
                          data={"username": name, "email": f"{name}@example.test", "password": "correct horse 1"})
    assert r.status == 201, r.text()
    cli(store["data"], "coins", "grant", name, "1000")
    page.goto(base + "/")  # the sign-up's session cookie is the page's too
    expect(page.get_by_role("link", name="Account", exact=True)).to_be_visible()
    found = albums(page, base)
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "sotube_csrf")
    for title in ("Join Album", "Level Album"):
        bought = page.request.post(base + "/api/v1/purchases", data={"albumId": found[title]["album"]["id"]},
                                   headers={"Idempotency-Key": str(uuid.uuid4()), "X-CSRF-Token": csrf})
        assert bought.status == 201, bought.text()
    return albums(page, base)


def tap_report(page, reset=False):
    page.wait_for_function("() => window.__taps && window.__taps.length > 0")
    return page.evaluate("""(reset) => new Promise((resolve) => {
        const tap = window.__taps[0];
        tap.port.onmessage = (e) => resolve(e.data);
        tap.port.postMessage(reset ? 'reset' : 'report');
    })""", reset)


def wait_song_ended(page, track_id):
    page.wait_for_function(
        """(id) => { const a = document.getElementById('audio');
                    return (a.getAttribute('src') || '').includes(id) && a.ended; }""", arg=track_id, timeout=30000)


def expected_gain(loudness, album=False):
    """The server's rule (SoTubeCore Loudness.playbackGainDB), by which it makes the gains it sends with
    each song (`trackGainDb`, `albumGainDb`): toward -14 LUFS, peak at most -1 dBTP."""
    integrated = loudness["albumIntegratedLufs"] if album else loudness["integratedLufs"]
    peak = loudness["albumTruePeakDb"] if album else loudness["truePeakDb"]
    return min(-14 - integrated, -1 - peak)


def db(ratio):
    return 20 * math.log10(ratio)


def sounding_level(report, threshold=0.01):
    """The median RMS of the blocks that carry sound (the song, not the silence around it)."""
    levels = [rms for _, rms in report["log"] if rms > threshold]
    assert len(levels) > report["rate"] / 128 * 0.5, "at least half a second of sound reached the speakers"
    return statistics.median(levels)


def play_song(page, base, track):
    page.goto(f"{base}/#/song/{track['id']}")
    expect(page.get_by_role("heading", level=1, name=track["title"])).to_be_visible()
    tap_ready = page.evaluate("() => !!(window.__taps && window.__taps.length)")
    if tap_ready:
        tap_report(page, reset=True)
    page.locator("#main").get_by_role("button", name="Play", exact=True).click()
    wait_song_ended(page, track["id"])
    gain = float(page.locator("#audio").get_attribute("data-gain-db"))
    return gain, sounding_level(tap_report(page))


def test_an_album_cut_in_two_plays_without_a_gap(page, store):
    base = store["base"]
    found = buyer(page, store)
    join = found["Join Album"]
    first, second = join["tracks"]
    assert [first["title"], second["title"]] == ["Join One", "Join Two"]
    page.goto(f"{base}/#/album/{join['album']['id']}")
    page.locator("#main").get_by_role("button", name="Play", exact=True).click()
    # While the first song plays, the second is already loaded in the player's second <audio>.
    page.wait_for_function(
        """([one, two]) => { const a = document.getElementById('audio'), s = document.getElementById('audio-spare');
                        return (a.getAttribute('src') || '').includes(one) && !a.paused && !a.ended
                          && !!s && (s.getAttribute('src') || '').includes(two) && s.readyState >= 3; }""",
        arg=[first["id"], second["id"]], timeout=30000)
    wait_song_ended(page, second["id"])
    # `ended` fires when the element has handed out its last samples; the audio graph plays them after
    # its output latency, longer on a busy machine: the tap's log is read once that has passed.
    page.wait_for_timeout(500)
    report = tap_report(page)

    block = 128 / report["rate"]
    sound = [t for t, rms in report["log"] if rms > 0.02]
    assert sound, "the songs were heard"
    start, end = sound[0], sound[-1] + block
    # Both halves were heard, one after the other: 4 s of tone (one half alone is 2 s).
    assert 3.9 <= end - start <= 4.2, (start, end)
    # No silence inside: the longest run of quiet blocks between the first and last sound.
    longest, run_start = 0.0, None
    for t, rms in report["log"]:
        if t < start or t >= end:
            continue
        if rms <= 0.02:
            run_start = t if run_start is None else run_start
            longest = max(longest, t + block - run_start)
        else:
            run_start = None
    print(f"join: {end - start:.4f} s of sound, longest silence inside {longest * 1000:.1f} ms")
    assert longest < 0.050, f"a silence of {longest * 1000:.1f} ms at the join"
    # While the album plays in order the player applies the album gain the server sent.
    gain = float(page.locator("#audio").get_attribute("data-gain-db"))
    assert abs(gain - expected_gain(second["loudness"], album=True)) < 0.01, (gain, second["loudness"])
    assert abs(gain - second["loudness"]["albumGainDb"]) < 0.005, (gain, second["loudness"])


def test_loudness_is_normalised_and_the_switch_turns_it_off(page, store):
    base = store["base"]
    found = buyer(page, store)
    quiet, loud = found["Level Album"]["tracks"]
    # The loudness jobs measured the generated levels (a mono 1 kHz sine: LUFS = 20 log10(A / √2)).
    for track, amplitude in ((quiet, QUIET_AMPLITUDE), (loud, LOUD_AMPLITUDE)):
        assert abs(track["loudness"]["integratedLufs"] - db(amplitude / math.sqrt(2))) < 1.0, track["loudness"]
    quiet_gain, loud_gain = expected_gain(quiet["loudness"]), expected_gain(loud["loudness"])
    # The server sends the gain its rule gives; the player applies that number.
    for track, gain in ((quiet, quiet_gain), (loud, loud_gain)):
        assert abs(track["loudness"]["trackGainDb"] - gain) < 0.01, track["loudness"]
    assert quiet_gain > 5 and loud_gain < -3  # a quiet song is raised, a loud one lowered

    levels = {}
    for track, amplitude, gain in ((quiet, QUIET_AMPLITUDE, quiet_gain), (loud, LOUD_AMPLITUDE, loud_gain)):
        applied, level = play_song(page, base, track)
        assert abs(applied - gain) < 0.01, (track["title"], applied, gain)
        assert abs(applied - track["loudness"]["trackGainDb"]) < 0.005, (track["title"], applied)
        source = amplitude / math.sqrt(2)
        # What reaches the speakers is the song raised or lowered by that gain.
        assert abs(db(level / source) - gain) < 1.0, (track["title"], db(level / source), gain)
        levels[track["title"]] = level
        print(f"{track['title']}: {track['loudness']}, gain {gain:+.2f} dB, heard {db(level / source):+.2f} dB")
    # 16 LU apart in the files, within 1 dB of each other when played.
    assert abs(db(levels["Quiet Tone"] / levels["Loud Tone"])) < 1.0, levels

    page.goto(base + "/#/account")
    switch = page.get_by_label("Normalise loudness")
    expect(switch).to_be_checked()
    SHOTS.mkdir(parents=True, exist_ok=True)
    switch.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "90-account-normalise-loudness.png"))
    switch.uncheck()
    page.reload()
    expect(page.get_by_label("Normalise loudness")).not_to_be_checked()  # remembered
    for track, amplitude in ((quiet, QUIET_AMPLITUDE), (loud, LOUD_AMPLITUDE)):
        applied, level = play_song(page, base, track)
        assert applied == 0
        assert abs(db(level / (amplitude / math.sqrt(2)))) < 1.0, (track["title"], level)


def test_a_song_being_prepared_shows_so_instead_of_buy(page, store):
    base = store["base"]
    page.goto(base + "/")
    waiting = albums(page, base)["Waiting Album"]
    song = waiting["tracks"][0]
    assert song["ready"] is False
    page.goto(f"{base}/#/album/{waiting['album']['id']}")
    row = page.locator(f".track-row[data-track-id='{song['id']}']")
    expect(row.get_by_text("Being prepared")).to_be_visible()
    expect(row.get_by_role("button", name="Buy")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Buy album"))).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "91-album-being-prepared.png"))
    page.goto(f"{base}/#/song/{song['id']}")
    expect(page.get_by_role("heading", level=1, name="Waiting Song")).to_be_visible()
    expect(page.get_by_text("Being prepared")).to_be_visible()
    expect(page.get_by_role("button", name="Buy")).to_have_count(0)

"""Steps the browser tests share."""
import itertools
import os
import re
import time

from playwright.sync_api import expect

_counter = itertools.count()


def unique_name(prefix="user"):
    """Unique across the run, also between pytest-xdist workers (the process id)."""
    return f"{prefix}{int(time.time() * 1000) % 10**8}{os.getpid() % 1000}x{next(_counter)}"


def register(page, base, username=None, password="correct horse 1"):
    """Creates an account through the form; lands in the store with the full tab bar."""
    username = username or unique_name()
    page.goto(base + "/#/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(f"{username}@example.test")
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="My Music")).to_be_visible()
    return username, password


def log_in(page, base, username, password, remember=True):
    page.goto(base + "/#/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    box = page.get_by_label("Keep me logged in")
    if box.is_checked() != remember:
        box.click()
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Account", exact=True)).to_be_visible()


def dismiss_toast(page):
    """Closes the toast that shows (its ✕), as a user does when it covers what they tap next on a
    phone: a purchase's stays 15 s (its Follow offer), others 5 s, and a click would wait it out."""
    toast = page.locator("#toasts .toast")
    expect(toast).to_be_visible()
    toast.locator(".icon-btn").click()
    expect(toast).to_have_count(0)


def tab(page, name):
    return page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)


def audio_state(page):
    return page.evaluate(
        """() => { const a = document.getElementById('audio');
        return {src: a.getAttribute('src') || '', paused: a.paused, time: a.currentTime, duration: a.duration}; }""")


def wait_playing(page, timeout=15000):
    page.wait_for_function(
        "() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 0.2; }",
        timeout=timeout)


def seek(page, seconds):
    page.evaluate("(s) => { document.getElementById('audio').currentTime = s; }", seconds)


def coins_shown(page):
    text = page.locator("#coins").inner_text()
    return int(re.sub(r"\D", "", text) or 0)


def pay_in_sandbox(page, method="card", card="4242 4242 4242 4242"):
    """On the sandbox checkout page: pay by card or by logging in to the sandbox account. Found by the
    form fields' names: the page speaks the app's language."""
    expect(page).to_have_url(re.compile(r"/sandbox/checkout/"))
    if method == "login":
        form = page.locator("form:has(input[name=email])")
        form.locator("input[name=email]").fill("buyer@sandbox.test")
        form.locator("input[name=password]").fill("sandbox123")
    else:
        form = page.locator("form:has(input[name=number])")
        form.locator("input[name=number]").fill(card)
        form.locator("input[name=expiry]").fill("12/34")
        form.locator("input[name=cvc]").fill("123")
    form.locator("button[type=submit]").click()


def register_ru(page, base):
    """register() with the Russian form's words."""
    username = unique_name()
    page.goto(base + "/#/register")
    page.get_by_label("Имя пользователя").fill(username)
    page.get_by_label("Эл. почта").fill(f"{username}@example.test")
    page.locator("#main input[type=password]").first.fill("correct horse 1")
    page.locator("#main form button[type=submit]").click()
    expect(page.locator("#tabs").get_by_role("link", name="Моя музыка")).to_be_visible()
    return username, "correct horse 1"


def open_screen(page, base, route, ready=None):
    """Opens `#/route` and waits until its heading (or its error) shows, `ready(page)` is visible
    and nothing on it is still loading."""
    page.goto(f"{base}/#/{route}")
    expect(page.locator("#main h1, #main [role=alert]").first).to_be_visible()
    if ready is not None:
        expect(ready(page).first).to_be_visible()
    expect(page.locator("#main [aria-busy=true]")).to_have_count(0)


# How far the page reaches past the screen's right edge: the document's scroll width, the screen's
# width, and the first elements (not fixed) that stick out.
SIDEWAYS = """() => {
  const over = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5
    && getComputedStyle(el).position !== 'fixed' && el.getClientRects().length).slice(0, 3)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  return {scroll: document.scrollingElement.scrollWidth, width: innerWidth, over};
}"""


# The page's requests still under way: every fetch until it answers, and every read of an answer's body
# until it is read (an init script on the context, so every page and reload has it). The app renders
# what a request brings in the promise chain that read it, so once none is left on two animation
# frames in a row, what the screen's requests bring is on it: a wait on that, not a fixed pause.
TRACK_REQUESTS = """(() => {
  let pending = 0;
  const done = () => { pending -= 1; };
  const fetch = window.fetch;
  window.fetch = function (...args) {
    pending += 1;
    const answer = fetch.apply(this, args);
    answer.then(done, done);
    return answer;
  };
  for (const name of ['text', 'json', 'blob', 'arrayBuffer', 'formData']) {
    const read = Response.prototype[name];
    Response.prototype[name] = function (...args) {
      pending += 1;
      const body = read.apply(this, args);
      body.then(done, done);
      return body;
    };
  }
  Object.defineProperty(window, '__sotubePending', { get: () => pending });
})()"""

_QUIET = """(key) => {
  const frames = window.__sotubeQuiet?.key === key ? window.__sotubeQuiet.frames : 0;
  window.__sotubeQuiet = { key, frames: window.__sotubePending === 0 ? frames + 1 : 0 };
  return window.__sotubeQuiet.frames >= 2;
}"""
_quiet_key = itertools.count()


def track_requests(page):
    """Lets wait_quiet() see `page`'s requests from its next navigation on (its context's pages)."""
    page.context.add_init_script(TRACK_REQUESTS)


def wait_quiet(page):
    """Waits until no request of the page (track_requests) is under way on two frames in a row."""
    page.wait_for_function(_QUIET, arg=next(_quiet_key), polling="raf")

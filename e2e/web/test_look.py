"""Russian locale, dark mode, installability and the weight of the first load (SPEC U2, U3)."""
import re

from playwright.sync_api import expect

from webhelpers import register, tab


def test_russian_follows_the_browser_and_can_switch(make_context, server, shot):
    page = make_context(locale="ru-RU").new_page()
    page.goto(server + "/")
    expect(page.get_by_role("button", name="Войти")).to_be_visible()
    expect(page.get_by_role("button", name="Продолжить как гость")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ru"
    shot(page, "10-login-ru")
    page.get_by_role("button", name="Продолжить как гость").click()
    expect(page.get_by_role("navigation", name="Главное меню").get_by_role("link")).to_have_text(
        ["Магазин", "Поиск", "Войти", "Создать аккаунт"])
    shot(page, "11-store-ru")
    page.get_by_label("Язык").select_option("en")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Store")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"


def test_dark_mode_follows_the_system(make_context, server, shot):
    page = make_context(color_scheme="dark").new_page()
    register(page, server)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in re.findall(r"\d+", background)[:3]]
    assert sum(rgb) / 3 < 60, background
    text = page.evaluate("getComputedStyle(document.body).color")
    assert sum(int(x) for x in re.findall(r"\d+", text)[:3]) / 3 > 200, text
    shot(page, "12-store-dark")
    tab(page, "Account").click()
    expect(page.get_by_role("heading", name="Account", level=1)).to_be_visible()
    shot(page, "13-account-dark")


def test_installable_manifest_icons_and_service_worker(page, server):
    page.goto(server + "/")
    manifest = page.request.get(server + "/manifest.webmanifest").json()
    assert manifest["name"] == "SoTube" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert page.request.get(server + icon["src"]).ok, icon
    assert page.request.get(server + "/sw.js").ok


def test_first_load_is_at_most_150_kb(browser, server):
    """HTML + CSS + JS (everything but images and audio) of the store home's first load, over the wire."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    sizes = {}

    def count(response):
        request = response.request
        if request.resource_type in ("image", "media", "font"):
            return
        body = response.body() if response.status < 300 else b""
        headers = sum(len(k) + len(v) + 4 for k, v in response.headers.items())
        sizes[response.url] = len(body) + headers

    page.on("response", count)
    page.goto(server + "/#/store", wait_until="networkidle")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.wait_for_load_state("networkidle")
    total = sum(sizes.values())
    context.close()
    assert total <= 150 * 1024, f"{total} bytes: {sorted(sizes.items(), key=lambda kv: -kv[1])[:8]}"


def _contrast(a, b):
    def lum(rgb):
        def ch(c):
            c = c / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b_ = (ch(x) for x in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    la, lb = sorted([lum(a), lum(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_colours_meet_wcag_aa_in_light_and_dark(browser, server):
    """Text, secondary text, links and buttons against their backgrounds: at least 4.5:1 (WCAG AA)."""
    pairs = [("--fg", "--bg"), ("--fg", "--bg-2"), ("--muted", "--bg"), ("--muted", "--bg-2"), ("--accent", "--bg"),
             ("--accent", "--bg-2"), ("--accent-fg", "--accent"), ("--danger", "--bg"), ("--success", "--bg"),
             ("--fg", "--accent-soft")]
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, service_workers="block")
        page = context.new_page()
        page.goto(server + "/#/login")
        colours = page.evaluate("""(names) => {
            const probe = document.createElement('span'); document.body.append(probe);
            const out = {};
            for (const n of names) { probe.style.color = `var(${n})`; out[n] = getComputedStyle(probe).color; }
            return out; }""", sorted({n for p in pairs for n in p}))
        context.close()
        rgb = {k: [int(x) for x in re.findall(r"\d+", v)[:3]] for k, v in colours.items()}
        for fg, bg in pairs:
            ratio = _contrast(rgb[fg], rgb[bg])
            assert ratio >= 4.5, f"{scheme}: {fg} on {bg} is {ratio:.2f}:1"


def test_the_shell_is_versioned_and_served_from_the_cache(browser, server):
    """The service worker caches the app's own file list under a version made from the files, and the
    shell then opens without the network."""
    script = browser.new_context().request.get(server + "/sw.js")
    assert script.ok and script.headers["cache-control"] == "no-cache"
    text = script.text()
    version = re.search(r"const SHELL_VERSION = '([0-9a-f]{16})';", text)
    assert version, text[:300]
    for path in ["'/app.js'", "'/js/screens/store.js'", "'/css/app.css'", "'/js/i18n/ru.js'"]:
        assert path in text, path
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(server + "/#/store")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=15000)
    assert f"sotube-shell-{version.group(1)}" in page.evaluate("caches.keys()")
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    context.close()

"""Issue 32 #19: search forgives typos ("glaicer" finds Glacier Hymns and says it searched for
"glacier"), the empty search page shows genre and mood tiles to browse (guests included), a genre's
tile opens its albums, and the search box's placeholder fits a phone. English and Russian at 390×844
and 1440×900 (the corrected search at 390×844 alone); the changed screens at the four sizes (`browse-*.png`)."""
import re

import pytest
from playwright.sync_api import expect

from conftest import ALL_SIZES, ONE_SIZE, PAIRED
from test_layout_fixes import SIDEWAYS

LOCALES = pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
WORDS = {
    "en-US": {"genres": "Browse genres", "moods": "Moods", "albums": re.compile(r"^\d+ albums?$"),
              "corrected": "Showing results for “glacier”. Nothing was found for “glaicer”.", "search": "Search"},
    "ru-RU": {"genres": "Жанры", "moods": "Настроения", "albums": re.compile(r"^\d+ альбом(а|ов)?$"),
              "corrected": "Показаны результаты по запросу «glacier». По запросу «glaicer» ничего не найдено.",
              "search": "Поиск"},
}

# The placeholder's text against the room the box gives it (a canvas measures it in the box's font).
PLACEHOLDER_FITS = """(input) => {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {text: context.measureText(input.placeholder).width, room};
}"""


@ONE_SIZE
@LOCALES
def test_a_mistyped_search_is_corrected_and_says_so(make_context, server, needs, shot, locale):
    needs("catalog")
    words = WORDS[locale]
    page = make_context(locale=locale).new_page()
    page.goto(server + "/#/search")
    box = page.get_by_role("combobox", name=words["search"])
    box.press_sequentially("glaicer", delay=40)
    note = page.locator(".results .corrected")
    expect(note).to_have_text(words["corrected"])
    expect(note).to_have_attribute("role", "status")
    expect(page.locator(".results").get_by_text("Glacier Hymns").first).to_be_visible()
    expect(page.locator(".results .songs .track-row").first).to_be_visible()
    shot(page, f"browse-corrected-{locale[:2]}")
    # Typed right: no note.
    box.fill("glacier")
    expect(page.locator(".results .songs .track-row").first).to_be_visible()
    expect(note).to_have_count(0)
    # Nothing close: the plain "nothing found", no correction claimed.
    box.fill("qqqqqqqq")
    expect(page.locator(".results .empty")).to_be_visible()
    expect(note).to_have_count(0)


@PAIRED
def test_the_empty_search_page_offers_genres_and_moods_to_a_guest(make_context, server, needs, shot, locale, viewport):
    needs("catalog")
    words = WORDS[locale]
    page = make_context(locale=locale).new_page()
    page.goto(server + "/#/search")
    genres = page.locator("section.browse").filter(has=page.get_by_role("heading", name=words["genres"]))
    expect(genres.locator("a.card-genre").first).to_be_visible()
    ambient = genres.locator("a.card-genre").filter(has_text="Ambient")
    expect(ambient.locator(".card-sub")).to_have_text(words["albums"])
    moods = page.locator("section.browse").filter(has=page.get_by_role("heading", name=words["moods"]))
    expect(moods.locator("a.card-mood").first).to_be_visible()
    assert page.evaluate(SIDEWAYS)["scroll"] <= page.evaluate("innerWidth")
    shot(page, f"browse-tiles-{locale[:2]}")
    # Typing hides the tiles; clearing the box brings them back.
    box = page.get_by_role("combobox", name=words["search"])
    box.fill("aurora")
    expect(genres).to_be_hidden()
    box.fill("")
    expect(genres).to_be_visible()
    # A genre's tile opens its albums; the Search tab stays the current one.
    ambient.click()
    expect(page).to_have_url(re.compile(r"#/genre/Ambient$"))
    expect(page.get_by_role("heading", name="Ambient", level=1)).to_be_visible()
    cards = page.locator("main .card-grid a.card")
    expect(cards.filter(has_text="Glacier Hymns")).to_be_visible()
    expect(cards.filter(has_text="Aurora Drift")).to_be_visible()
    expect(cards.filter(has_text="Midnight Drive")).to_have_count(0)
    nav = page.get_by_role("navigation").first
    expect(nav.get_by_role("link", name=words["search"])).to_have_attribute("aria-current", "page")
    shot(page, f"browse-genre-{locale[:2]}")
    cards.filter(has_text="Glacier Hymns").click()
    expect(page.get_by_role("heading", name="Glacier Hymns", level=1)).to_be_visible()


@LOCALES
def test_the_search_placeholder_fits_a_phone(make_context, server, needs, locale, viewport):
    needs("catalog")
    page = make_context(locale=locale).new_page()
    page.goto(server + "/#/search")
    box = page.get_by_role("combobox", name=WORDS[locale]["search"])
    expect(box).to_be_visible()
    fits = box.evaluate(PLACEHOLDER_FITS)
    assert fits["text"] <= fits["room"], fits


@ALL_SIZES
def test_the_browse_screens_at_every_size(make_context, server, needs, shot, viewport):
    needs("catalog")
    page = make_context().new_page()
    page.goto(server + "/#/search")
    expect(page.locator("a.card-genre").first).to_be_visible()
    shot(page, "browse-tiles")
    page.goto(server + "/#/genre/Synthwave")
    expect(page.locator("main .card-grid a.card").first).to_be_visible()
    shot(page, "browse-genre")
    page.goto(server + "/#/search?q=midnigth")
    expect(page.locator(".results .corrected")).to_be_visible()
    shot(page, "browse-corrected")

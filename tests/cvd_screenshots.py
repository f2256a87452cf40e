"""Screenshots of the cards as a colour-blind reader sees them (issue 37):
05's hand on a phone and 01's table, under Chromium's emulated deuteranopia
and achromatopsia (the DevTools protocol's
``Emulation.setEmulatedVisionDeficiency``), cropped to the hand and the table,
into ``docs/screenshots/cvd-*.png`` (linked from the README's section on
accessibility).

Run against a web app already started (``make app``, or
``python -m uno_nb.serving.webapp --no-browser``)::

    python tests/cvd_screenshots.py [http://127.0.0.1:8866]

Not a test (nothing here is collected): the pictures are for a person to look
at, which is what they are for.  The deal on 05 is a seeded one whose hand
holds cards that fit and cards that do not, in all four colours if it can.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
DEFICIENCIES = ("deuteranopia", "achromatopsia")
CHROMIUM = "/usr/bin/chromium"
WAIT_MS = 90_000


def _seed() -> int:
    """A deal where the person moves first with seven cards of all four
    colours, some that fit and some that do not (the first such seed)."""
    from uno_nb.widgets.play import PlayApp
    best = None
    for seed in range(1, 400):
        game = PlayApp("standard", players=3, seed=seed, delay=0).game
        hand = game.hands[0]
        colours = {c.colour for c in hand if c.colour is not None}
        fits = [c for c in hand if c.matches(game.discard[-1], game.colour)] if game.colour else []
        if game.current == 0 and len(hand) == 7 and 0 < len(fits) < 7:
            if len(colours) == 4:
                return seed
            best = best or seed
    assert best is not None
    return best


def _vision(page: object, kind: str) -> None:
    session = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
    session.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})


def _ready(page: object, selector: str) -> None:
    page.wait_for_selector(selector, timeout=WAIT_MS)  # type: ignore[attr-defined]
    # the question a page's app waits for: its answer shown (one button at a time,
    # as each click draws the page again)
    for _ in range(4):
        shows = page.locator(".uno-q-show:not([disabled]):visible")  # type: ignore[attr-defined]
        if not shows.count():
            break
        shows.first.click(timeout=5000)
        page.wait_for_timeout(500)  # type: ignore[attr-defined]


def take(base: str = "http://127.0.0.1:8866") -> list[Path]:
    from playwright.sync_api import sync_playwright

    taken = []
    seed = _seed()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-gpu"])
        # 05 on a 390 px phone, where the hand's faces are drawn 36 px wide
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    device_scale_factor=2)
        page = phone.new_page()
        page.goto(f"{base}/voila/render/05_play_against_bots.ipynb")
        _ready(page, ".uno-q-show")
        page.wait_for_selector(".uno-play .uno-hand .uno-card svg[data-card]", timeout=WAIT_MS)
        page.fill(".uno-play .uno-seed input", str(seed))
        page.press(".uno-play .uno-seed input", "Enter")
        page.wait_for_function(
            "() => document.querySelectorAll('.uno-play .uno-hand .uno-card.uno-playable').length"
            " && document.querySelectorAll('.uno-play .uno-hand .uno-card').length === 7",
            timeout=WAIT_MS)
        page.wait_for_timeout(800)  # the hand's cards done moving
        # the top card, the colour in force, the legend and the hand under them
        # (the page scrolls inside Voila's own box, under a fixed title bar:
        # the hand is brought to the foot of the screen and the picture cut there)
        top, bottom = page.evaluate("""() => {
          const hand = document.querySelector('.uno-play .uno-hand');
          hand.scrollIntoView({block: 'end'});
          const card = document.querySelector('.uno-play .uno-table .uno-top').getBoundingClientRect();
          return [card.top - 8, Math.min(hand.getBoundingClientRect().bottom + 6,
                                         window.innerHeight)];
        }""")
        for kind in DEFICIENCIES:
            _vision(page, kind)
            path = OUT / f"cvd-05-hand-{kind}.png"
            page.screenshot(path=str(path),
                            clip={"x": 0, "y": top, "width": 390, "height": bottom - top})
            taken.append(path)
        phone.close()
        # 01's table on a laptop's screen, a few moves in
        desktop = browser.new_context(viewport={"width": 1280, "height": 900})
        page = desktop.new_page()
        page.goto(f"{base}/voila/render/01_rules_step_by_step.ipynb")
        _ready(page, ".uno-stepper .uno-table .uno-table")
        step = page.locator(".uno-stepper button", has_text="Step").first
        for _ in range(3):
            step.click()
            page.wait_for_timeout(300)
        for kind in DEFICIENCIES:
            _vision(page, kind)
            path = OUT / f"cvd-01-table-{kind}.png"
            page.locator(".uno-stepper .uno-table").first.screenshot(path=str(path))
            taken.append(path)
        desktop.close()
        browser.close()
    return taken


if __name__ == "__main__":
    for picture in take(*sys.argv[1:2]):
        print(f"{picture.relative_to(ROOT)}: {picture.stat().st_size // 1024} KB")

"""The play page (05) by keyboard only, in a real browser (issue 37, item 3).

A whole game is played with key presses alone — Tab, the arrow keys and
Enter — against bots that move at once, on a fixed seed, so it ends in a
bounded number of moves.  After every move the test asserts that focus is
where the next decision is made: on a card of the hand or the Draw button,
or on the control the turn asks for (a colour for a Wild, Keep it, Play
again at the end); that the hand is one stop of the Tab key walked by the
arrow keys; and that the status line is a live region.  It prints how many
key presses the game took (222 before, when every move dropped focus)."""

from __future__ import annotations

import pytest

from tests.test_webapp import (ARTIFACTS, WAIT_MS, browser, desktop, open_notebook, play_page,  # noqa: F401
                               screenshot, server)

pytest.importorskip("playwright")

#: The deal played (the notebook's table: standard rules, three players).
SEED = 7

#: Where focus may be after a move: what a turn can ask for.
ALLOWED = (".uno-hand .uno-card, .uno-actions .uno-draw, .uno-actions .uno-pass, "
           ".uno-choices .uno-colour-choice, .uno-choices .uno-swap, .uno-choices .uno-ready, "
           ".uno-choices .uno-go-on, .uno-end .uno-play-again, .uno-end .uno-next-round")

#: What has focus, as the test needs it.
FOCUS = """(allowed) => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const hand = [...document.querySelectorAll('.uno-play .uno-hand > button')];
  return {
    classes: [...a.classList],
    words: (a.querySelector('.uno-ui-face-words') || a).innerText.trim(),
    disabled: a.disabled,
    allowed: a.matches(allowed),
    card: a.classList.contains('uno-card'),
    playable: a.classList.contains('uno-playable'),
    index: hand.indexOf(a),
    stops: hand.filter(b => !b.disabled && b.tabIndex === 0).length,
    playableInHand: hand.filter(b => !b.disabled && b.classList.contains('uno-playable')).length,
    outline: getComputedStyle(a).outlineWidth,
    ring: getComputedStyle(a).outlineStyle + ' ' + getComputedStyle(a).outlineColor,
    tag: a.tagName,
    size: hand.length,
  };
}"""

#: Focus has come to rest on a control a turn asks for, other than the one
#: pressed (``window.unoPressed``): the move is made and the page drawn again.
SETTLED = """(allowed) => {
  const a = document.activeElement;
  return !!a && a !== document.body && a !== window.unoPressed && !a.disabled
    && a.matches(allowed);
}"""


class Keys:
    """The keyboard, counting its presses."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1


def focus(page):
    return page.evaluate(FOCUS, ALLOWED)


def test_a_whole_game_on_the_play_page_by_keyboard_only(server, desktop):
    opened = play_page(server, desktop)  # the bots at once ("instant")
    page = opened.page
    page.fill(".uno-play .uno-seed input", str(SEED))
    page.press(".uno-play .uno-seed input", "Enter")
    page.wait_for_function(
        "(seed) => document.querySelector('.uno-play .uno-seed-note').innerText"
        ".startsWith(`Seed ${seed} `)", arg=str(SEED), timeout=WAIT_MS)
    # the status line, what the bots did to the person and a refusal are read out
    live = page.evaluate("""() => ['.uno-status', '.uno-hits-box', '.uno-message'].map(s => {
      const el = document.querySelector('.uno-play ' + s);
      return [el.getAttribute('role'), el.getAttribute('aria-live')];
    })""")
    assert live == [["status", "polite"]] * 3
    hand = page.evaluate("""() => {
      const row = document.querySelector('.uno-play .uno-hand');
      return [row.getAttribute('role'), row.getAttribute('aria-label')];
    }""")
    assert hand == ["toolbar", "Your cards"]

    keys = Keys(page)
    # every control shows the 3 px near-black focus ring, a text box and a menu
    # too (ipywidgets' stylesheet takes theirs away with !important)
    ring = ("3px", "solid rgb(29, 29, 27)")
    now = focus(page)
    assert now["tag"] == "INPUT" and (now["outline"], now["ring"]) == ring, now
    # the class bar's Join button: its own 3 px ring, not ipywidgets' 1 px one
    page.focus(".uno-class-bar .uno-class-join")  # (after a key press: focus-visible)
    assert page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
      return [s.outlineWidth, s.outlineStyle, s.outlineColor]; }""") == \
        ["3px", "solid", "rgb(11, 61, 145)"]
    page.focus(".uno-play .uno-seed input")
    passed = []
    # from the seed box, Tab on to the hand: one stop for the whole hand
    for _ in range(40):
        keys.press("Tab")
        now = focus(page)
        if now:
            passed.append(now["tag"])
            assert (now["outline"], now["ring"]) == ring, now
        if now and (now["card"] or "uno-draw" in now["classes"]):
            break
    else:
        pytest.fail(f"40 Tabs did not reach the hand: {focus(page)}")
    print(f"{keys.count} Tabs from the seed box to the hand, each with the ring: {passed}")
    if focus(page)["card"]:  # Home and End, and the arrows that wrap round the hand
        size = page.evaluate("() => document.querySelectorAll('.uno-play .uno-hand > button').length")
        keys.press("End")
        assert focus(page)["index"] == size - 1
        keys.press("ArrowRight")
        assert focus(page)["index"] == 0
        keys.press("ArrowLeft")
        assert focus(page)["index"] == size - 1
        keys.press("Home")
        assert focus(page)["index"] == 0 and focus(page)["stops"] == 1
        # Enter on a card that does not fit (seed 7: Red 2) is refused, and focus
        # stays on that card: a second Enter must not play a card not chosen
        chosen = focus(page)
        assert not chosen["playable"] and chosen["playableInHand"], chosen
        page.evaluate("() => { window.unoPressed = document.activeElement; }")
        keys.press("Enter")
        page.wait_for_function(
            "(allowed) => (" + SETTLED + ")(allowed) && document.querySelector("
            "'.uno-play .uno-message').innerText.trim() !== ''", arg=ALLOWED,
            timeout=WAIT_MS, polling=50)
        after = focus(page)
        assert (after["index"], after["words"], after["size"]) == \
            (chosen["index"], chosen["words"], chosen["size"]), (chosen, after)
        assert page.inner_text(".uno-play .uno-message").startswith("Not allowed")
    landed: dict[str, int] = {}

    moves = 0
    while True:
        now = focus(page)
        assert now is not None and now["allowed"] and not now["disabled"], now
        if now["card"]:
            assert now["stops"] == 1, now  # the hand is one stop of the Tab key
        assert now["outline"] == "3px", now  # the focus ring shows
        if "uno-play-again" in now["classes"]:
            break  # the game is over: focus waits on Play again
        if now["card"] and not now["playable"]:
            if now["playableInHand"]:
                for _ in range(30):  # the arrow keys walk the hand to a card that fits
                    keys.press("ArrowRight")
                    now = focus(page)
                    if now["playable"]:
                        break
                assert now["playable"], now
            else:  # none fits: Tab on to Draw a card
                for _ in range(12):
                    keys.press("Tab")
                    now = focus(page)
                    if now and {"uno-draw", "uno-pass"} & set(now["classes"]) and not now["disabled"]:
                        break
                assert now and {"uno-draw", "uno-pass"} & set(now["classes"]), now
        page.evaluate("() => { window.unoPressed = document.activeElement; }")
        keys.press("Enter")
        try:
            page.wait_for_function(SETTLED, arg=ALLOWED, timeout=WAIT_MS, polling=50)
        except Exception:
            screenshot(page, "05-keyboard-focus-lost")
            raise
        moves += 1
        assert moves < 200, "the game did not end"
        after = focus(page)
        # focus is on a card or on Draw, or on what the turn asks for
        assert after["allowed"], after
        kind = "card" if after["card"] else next(c for c in after["classes"] if c in ALLOWED)
        landed[kind] = landed.get(kind, 0) + 1
    status = page.inner_text(".uno-play .uno-status")
    assert "The game is over" in status
    print(f"a whole game by keyboard: {moves} moves, {keys.count} key presses; "
          f"focus came to rest on: {landed}")
    assert landed.get("card") and landed.get("uno-draw")  # in the hand, and on Draw
    page.close(run_before_unload=True)


def test_the_stepper_keeps_focus_on_step_and_reads_each_move_out(server, desktop):
    """01: Enter on Step steps, and focus stays on Step; the move is in a
    live region (read out, not shown); at the end focus goes to Back."""
    opened = open_notebook(desktop, server, "01_rules_step_by_step")
    page = opened.page
    page.focus(".uno-stepper .uno-step")  # (the test's start: a person Tabs there)
    for index in (1, 2, 3):
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(i) => document.querySelector('.uno-stepper .uno-said').innerText"
            ".startsWith(`move ${i} of`)", arg=index, timeout=WAIT_MS)
        assert page.evaluate("document.activeElement.classList.contains('uno-step')")
    said = page.locator(".uno-stepper .uno-said")
    assert [said.get_attribute("role"), said.get_attribute("aria-live")] == ["status", "polite"]
    assert said.bounding_box()["width"] <= 8  # for a screen reader: not on the screen
    page.keyboard.press("End")  # (a key the page ignores: focus stays)
    assert page.evaluate("document.activeElement.classList.contains('uno-step')")
    page.focus(".uno-stepper .uno-end")
    page.keyboard.press("Enter")  # to the end: End is disabled under the focus
    page.wait_for_function("() => document.activeElement.classList.contains('uno-back')",
                           timeout=WAIT_MS)
    page.close(run_before_unload=True)


def test_a_question_reads_its_verdict_out_and_keeps_focus(server, desktop):
    """02's first question: a wrong answer keeps focus in the box, the
    verdict read out; the right one ends the question, and focus goes to
    the verdict (the box and Check are disabled)."""
    opened = open_notebook(desktop, server, "02_card_odds", answered=False)
    page = opened.page
    box = ".uno-q-odds-no-wild"
    page.focus(f"{box} .uno-q-answer input")
    page.keyboard.type("60")
    # the answer box shows the 3 px near-black ring (ipywidgets' !important had none)
    assert page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
      return [s.outlineWidth, s.outlineStyle, s.outlineColor]; }""") == \
        ["3px", "solid", "rgb(29, 29, 27)"]
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(box) => document.querySelector(box + ' .uno-q-message').innerText.trim() !== ''",
        arg=box, timeout=WAIT_MS)
    message = page.locator(f"{box} .uno-q-message")
    assert [message.get_attribute("role"), message.get_attribute("aria-live")] == \
        ["status", "polite"]
    assert page.evaluate("document.activeElement.tagName") == "INPUT"  # focus kept
    page.keyboard.press("Control+A")
    page.keyboard.type("57.4")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(box) => document.activeElement === document.querySelector(box + ' .uno-q-message')",
        arg=box, timeout=WAIT_MS)
    assert "57.4" in message.inner_text()
    page.close(run_before_unload=True)


def _deal_with_a_seven() -> tuple[int, str]:
    """A seed whose opening lets the person play a 7 under the party rules
    (V-SEVEN-ZERO), and that 7's code."""
    from uno_nb.engine.moves import PLAY
    from uno_nb.widgets import PlayApp
    for seed in range(1, 500):
        twin = PlayApp("party", players=3, seed=seed, delay=0)
        sevens = [m.card for m in twin._my_moves() if m.kind is PLAY and m.card.rank == "7"]
        if sevens and twin.game.current == 0 and not twin._paused:
            return seed, sevens[0].text
    raise AssertionError("no seed opens with a 7 to play")


def test_V_SEVEN_ZERO_the_swap_buttons_name_each_player_in_full_on_a_phone(server, browser):
    """Under 7-0 the buttons read "Swap hands with Bot 2 (5 cards)", whole,
    wrapping on a 375 px phone instead of cut off."""
    from uno_nb.engine.moves import SWAP
    from uno_nb.widgets import PlayApp
    seed, seven = _deal_with_a_seven()
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    page = open_notebook(context, server, "05_play_against_bots").page
    page.select_option(".uno-play .uno-speed select", label="instant")
    page.locator(".uno-play-settings .uno-ui-section-head").first.click()
    menu = page.locator(".uno-play .uno-rules select").first  # the preset
    presets = menu.evaluate("s => [...s.options].map(o => o.innerText)")
    menu.select_option(index=next(i for i, t in enumerate(presets) if "party" in t.lower()))
    page.fill(".uno-play .uno-seed input", str(seed))
    page.press(".uno-play .uno-seed input", "Enter")
    page.wait_for_function(
        "(seed) => document.querySelector('.uno-play .uno-seed-note').innerText"
        ".startsWith(`Seed ${seed} `)", arg=str(seed), timeout=WAIT_MS)
    card = page.locator(f'.uno-play .uno-hand .uno-card.uno-playable:has(svg[data-card="{seven}"])')
    card.first.wait_for(timeout=WAIT_MS)
    card.first.click()
    twin = PlayApp("party", players=3, seed=seed, delay=0)
    twin.play(seven)
    wanted = [b.description for b in twin._choices.children
              if "uno-swap" in getattr(b, "_dom_classes", ())]
    targets = [m.target for m in twin._my_moves() if m.kind is SWAP]
    assert wanted and len(wanted) == len(targets)
    page.wait_for_function("(n) => document.querySelectorAll('.uno-play .uno-swap').length === n",
                           arg=len(wanted), timeout=WAIT_MS)
    shown = page.eval_on_selector_all(".uno-play .uno-swap", """bs => bs.map(b => ({
      words: b.innerText.replace(/\\s+/g, ' ').trim(),
      cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
      right: b.getBoundingClientRect().right}))""")
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    page.locator(".uno-play .uno-choices").screenshot(
        path=str(ARTIFACTS / "screenshots" / "05-swap-buttons-phone.png"))
    assert [s["words"] for s in shown] == wanted
    for s in shown:
        assert not s["cut"] and s["right"] <= 375, s
    for seat, words in zip(targets, wanted):
        assert words.endswith(f"{twin.game.names[seat]} ({len(twin.game.hands[seat])} cards)")
    context.close()

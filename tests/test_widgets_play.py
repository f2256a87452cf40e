"""Headless tests of the play page (PlayApp): new deals and seeds, the person's
hand and what it marks as playable, controls that are on exactly when a click
counts, bots' cards that stay hidden, the end panel, and the bots' pace on a
real event loop."""

import asyncio
import html
import re

from uno_nb.widgets import ui as w
import pytest

from uno_nb import Game, Phase, RuleSet
from uno_nb.engine.cards import ALL_CARDS, Card
from uno_nb.engine.moves import CATCH, CHALLENGE, DRAW, GIVE, PLAY, UNO
from uno_nb.engine.render import game_html
from uno_nb.engine.scoring import hand_points
from uno_nb.texts import card_code, card_name, rule_name, text
from uno_nb.widgets import PlayApp
from uno_nb.widgets import play as play_module
from uno_nb.widgets.play_view import hits

ME = 0


# -- reading the page ------------------------------------------------------------------------

def strings_of(markup: str) -> list[str]:
    """What a person can read in some HTML: its text, and the words of its
    tooltips and screen-reader labels; ``data-card`` codes are kept too (a
    browser's inspector shows them)."""
    attributes = re.findall(r'(?:title|aria-label|data-card)="([^"]*)"', markup)
    body = re.sub(r"<[^>]+>", " ", markup)
    return [html.unescape(s) for s in [body, *attributes]]


def buttons(app: PlayApp, box) -> list[w.Button]:
    return [b for b in box.children if isinstance(b, w.Button)]


def visible(app: PlayApp, end_panel: bool = True) -> list[str]:
    """Every string the page shows (the end panel only if ``end_panel``)."""
    out = []
    parts = [app._status, app._hits, app._table, app._message, app._log, app._seed_note,
             app._hand_title, app._work_out]
    if end_panel:
        parts.append(app._end_panel)
    for part in parts:
        out += strings_of(part.value)
    for box in (app._hand, app._choices, app._actions, app._end_buttons):
        for child in box.children:
            if isinstance(child, w.HTML):
                out += strings_of(child.value)
            else:
                out += [child.description, getattr(child, "tooltip", "") or ""]
    out += [app._new.description, app._seed.description, str(app._seed.value),
            app._speed.description, *(label for label, _ in app._speed.options)]
    return [s for s in out if s]


def status_look(app: PlayApp) -> str:
    return re.search(r"uno-status-(you|wait|end)\b", app._status.value).group(1)


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", markup,
                                                                  flags=re.S))).split())


# -- which cards a person may know ---------------------------------------------------------------

def cards_in(value) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def known_to(game: Game, seat: int) -> set[Card]:
    """The cards the events let ``seat`` see: every card named in an event
    that is public or shown to ``seat`` (plays, the cut, the start card, what
    ``seat`` drew or got in a swap)."""
    known: set[Card] = set()
    for event in game.events:
        seen = event.seen_by()
        if seen is None or seat in seen:
            for value in event.text_values().values():
                known |= cards_in(value)
    return known


_NAMES = {card_name(c): c for c in ALL_CARDS}
_MENTION = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in sorted(_NAMES, key=len,
                                                                           reverse=True))
                      + r")(?![\w])")
_CODES = {card_code(c): c for c in ALL_CARDS}
_CODE = re.compile(r"(?<![\w+>])(" + "|".join(re.escape(code) for code in sorted(
    _CODES, key=len, reverse=True)) + r")(?![\w+])")


def named_cards(strings: list[str]) -> set[Card]:
    """The cards named in ``strings``, by name (``Red 7``) or code (``R7``)."""
    found = set()
    for s in strings:
        found |= {_NAMES[m] for m in _MENTION.findall(s)}
        found |= {_CODES[m] for m in _CODE.findall(s)}
    return found


# -- playing a whole game through the app --------------------------------------------------------

class Recorder:
    """Calls ``check(app)`` after every drawing of the app (the bots' moves
    are paced with a delay whose sleep is skipped, so the drawings made while
    they move are checked too)."""

    def __init__(self, app: PlayApp, check) -> None:
        self.app, self.check, self.count = app, check, 0
        drawn = app._render

        def render() -> None:
            drawn()
            self.count += 1
            check(app)

        app._render = render
        check(app)


def play_through(app: PlayApp, steps: int = 400) -> None:
    """The person takes the first move the page offers each time (jumping in
    when they can, every other time), until the game is over."""
    game_steps = 0
    while not app.game.is_over and game_steps < steps:
        game_steps += 1
        go_on = [b for b in buttons(app, app._choices) if "uno-go-on" in b._dom_classes]
        if go_on and game_steps % 2:
            go_on[0].click()
            continue
        moves = app._my_moves()
        assert moves, "the app stopped without offering the person a move"
        app._human(moves[0])
    assert app.game.is_over


@pytest.fixture
def paced(monkeypatch):
    """Bots paced by a delay, without waiting for it."""
    monkeypatch.setattr(play_module.time, "sleep", lambda seconds: None)


# -- seeds and new deals -------------------------------------------------------------------------------

def test_new_game_deals_a_different_hand_from_a_fresh_seed_shown_on_the_page():
    app = PlayApp("standard", 3, seed=5, delay=0)
    seeds = [app.game.seed]
    for _ in range(4):
        old_deal = Game("standard", 3, app.game.seed).hands
        app._new.click()
        seed = app.game.seed
        assert seed not in seeds[-1:] and 1 <= seed < 10_000
        assert app._seed.value == seed
        assert f"Seed {seed} — type the same seed on every computer" in plain(app._seed_note.value)
        assert Game("standard", 3, seed).hands != old_deal
        # the deal on show is that seed's deal, whatever the bots did since
        twin = Game("standard", 3, seed, names=app.game.names, max_rounds=1)
        for move in app.game.moves:
            twin.push(move)
        assert twin.state_key() == app.game.state_key()
        seeds.append(seed)


def test_a_typed_seed_deals_that_exact_deal_and_two_computers_play_the_same_game():
    first, second = PlayApp("standard", 3, delay=0), PlayApp("standard", 3, delay=0)
    first._seed.value = 1234
    second._seed.value = 1234
    twin = Game("standard", 3, 1234, names=first.game.names, max_rounds=1)
    assert first.game.seed == 1234 and "1234" in first._seed_note.value
    assert first.game.log(viewer=ME)[:3] == twin.log(viewer=ME)[:3]  # the cut, the deal, the start
    for move in first.game.moves:
        twin.push(move)
    assert twin.state_key() == first.game.state_key()
    # the same clicks on the same seed: the same game, move for move
    for app in (first, second):
        play_through(app)
    assert first.game.log() == second.game.log()


def test_play_again_and_the_same_deal_again_after_the_end():
    app = PlayApp("standard", 3, seed=21, delay=0)
    play_through(app)
    finished = app.game
    again = next(b for b in buttons(app, app._end_buttons) if "uno-same-deal" in b._dom_classes)
    again.click()
    assert app.game is not finished and app.game.seed == 21 and not app.game.is_over
    assert app._end.layout.display == "none" and app._end_panel.value == ""
    play_through(app)
    next(b for b in buttons(app, app._end_buttons) if "uno-play-again" in b._dom_classes).click()
    assert app.game.seed != 21 and app._seed.value == app.game.seed and not app.game.is_over


# -- the hand, the controls, the status ----------------------------------------------------------------

def check_controls(app: PlayApp) -> None:
    """What every drawing of the page must satisfy."""
    game = app.game
    over = game.is_over or game.phase.name == "ROUND_OVER"
    cards = buttons(app, app._hand)
    # the person's hand is shown once, as buttons named in words
    assert sorted(b.description for b in cards) == sorted(card_name(c) for c in game.hands[ME])
    assert not re.search(r'data-card="', re.sub(r'<div class="uno-top">.*?</svg>', "",
                                                 app._table.value, flags=re.S))
    go_on = [b for b in buttons(app, app._choices) if "uno-go-on" in b._dom_classes]
    decisions = [*cards, *buttons(app, app._choices)] + [
        b for b in buttons(app, app._actions)
        if {"uno-draw", "uno-pass", "uno-challenge"} & set(b._dom_classes)]
    look = status_look(app)
    if over:
        assert look == "end" and all(b.disabled for b in decisions)
        return
    if game.current == ME:
        offered = list(game.turn_moves())
    elif go_on:
        offered = game.jump_in_moves(ME)
    else:
        offered = []
    if offered:  # the person's decision: "your turn" and the controls on, in one drawing
        assert look == "you", app._status.value
        assert all(not b.disabled for b in [*cards, *buttons(app, app._choices)])
        can = {card_name(m.card) for m in offered if m.kind in (PLAY, GIVE)}
        assert {b.description for b in cards if "uno-playable" in b._dom_classes} == can
        assert all(("uno-playable" in b._dom_classes) == (b.description in can) for b in cards)
        kinds = {m.kind for m in offered}
        action = {c: b for b in buttons(app, app._actions) for c in b._dom_classes}
        assert action["uno-draw"].disabled == (DRAW not in kinds)
        assert action["uno-challenge"].disabled == (CHALLENGE not in kinds)
    else:  # the bots move: everything off, and the status says whose move it is
        assert look == "wait" and game.current != ME
        assert plain(app._status.value) == f"{game.names[game.current]} is thinking…"
        assert all(b.disabled for b in decisions)
        assert not any("uno-playable" in b._dom_classes for b in cards)
    # UNO! and catching are open exactly while the rules allow them
    calls = {m.kind for m in game.uno_moves(ME)}
    action = {c: b for b in buttons(app, app._actions) for c in b._dom_classes}
    assert action["uno-uno"].disabled == (UNO not in calls)
    assert action["uno-catch"].disabled == (CATCH not in calls)
    # before the round is over there is no end panel
    assert app._end_panel.value == "" and app._end.layout.display == "none"


@pytest.mark.parametrize("rules", ["standard", "cnuno", "party",
                                   RuleSet(seven_zero=True, swap_five=True, challenge="return")],
                         ids=["standard", "cnuno", "party", "seven-zero-swap-five"])
@pytest.mark.parametrize("seed", [3, 11])
def test_controls_are_on_exactly_when_a_click_counts_and_playable_cards_are_marked(paced, rules, seed):
    app = PlayApp(rules, 3, seed=seed, delay=0.5)
    recorder = Recorder(app, check_controls)
    play_through(app)
    assert recorder.count > len(app.game.moves) // 3  # the bots' moves were drawn one by one


def test_while_the_bots_move_the_status_names_the_bot_and_only_then_says_your_turn(paced):
    app = PlayApp("standard", 4, seed=8, delay=0.5)
    shown = []
    Recorder(app, lambda a: shown.append((plain(a._status.value),
                                          all(b.disabled for b in buttons(a, a._hand)))))
    shown.clear()
    card = next(b for b in buttons(app, app._hand) if "uno-playable" in b._dom_classes
                and not b.description.startswith("Wild"))
    card.click()
    assert [s for s, _ in shown[:-1]] == [f"{name} is thinking…" for name in ("Bot 2", "Bot 3",
                                                                              "Bot 4")]
    assert all(off for _, off in shown[:-1])
    assert shown[-1][0].startswith(("Your turn", "You ")) and shown[-1][1] is False


def test_a_dimmed_card_says_why_and_changes_nothing_even_under_the_misplay_penalty():
    app = PlayApp(RuleSet(misplay_penalty=True), 3, seed=1, delay=0)
    app.game = Game.from_position(RuleSet(misplay_penalty=True), hands=["R1 B2 G7", "B1 B2", "G1 G2"],
                                  discard="G5", draw_pile="Y1 Y2 Y3", names=app.game.names,
                                  max_rounds=1)
    app._render()
    before = app.game.state_key()
    next(b for b in buttons(app, app._hand) if b.description == "Red 1").click()
    assert app.game.state_key() == before
    assert plain(app._message.value) == ("Not allowed: Red 1 matches neither the colour in force "
                                         "(green) nor the top card (Green 5).")
    next(b for b in buttons(app, app._hand) if b.description == "Green 7").click()
    assert app.game.moves[0].text == "0:G7" and app._message.value == ""


def test_the_reasons_for_a_wild_draw_four_after_drawing_and_under_a_draw_card():
    rules = RuleSet(w4_bluff=False, stack=True)
    app = PlayApp(rules, 3, seed=1, delay=0)
    names = app.game.names

    def position(**kwargs):
        app.game = Game.from_position(rules, names=names, max_rounds=1, **kwargs)
        app._render()
        return app.game.state_key()

    def click(name):
        next(b for b in buttons(app, app._hand) if b.description == name).click()
        return plain(app._message.value)

    before = position(hands=["W+4 G1", "B1 B2", "G2 G3"], discard="G5", draw_pile="Y1")
    assert click("Wild Draw Four") == ("Not allowed: you hold a green card, so the Wild Draw "
                                       "Four may not be played.")
    assert app.game.state_key() == before and not buttons(app, app._choices)
    position(hands=["R1 B9", "B1 B2", "G2 G3"], discard="G5", draw_pile="G7 Y1")
    next(b for b in buttons(app, app._actions) if "uno-draw" in b._dom_classes).click()
    assert plain(app._status.value) == "You drew Green 7: play it now, or keep it."
    assert {b.description for b in buttons(app, app._hand) if "uno-playable" in b._dom_classes} \
        == {"Green 7"}
    assert click("Red 1") == ("Not allowed: after drawing you may play only the card you drew "
                              "(Green 7), or keep it.")
    position(hands=["R1 G+2 B3", "B1 B2", "G2 R+2 G3"], discard="R5", draw_pile="Y1 Y2 Y3 Y4",
             current=2)
    app.game.push("2:R+2")
    app._render()
    assert app.game.current == ME and app.game.pending == 2
    draw = next(b for b in buttons(app, app._actions) if "uno-draw" in b._dom_classes)
    assert draw.description == "Take 2 cards" and not draw.disabled
    assert plain(app._status.value) == ("You must take 2 cards: click “Take 2 cards”, or answer "
                                        "with a bright card.")
    assert click("Red 1") == ("Not allowed: Red 1 does not answer the draw card: answer with a "
                              "bright card, or take the 2 cards.")


def test_a_wild_asks_for_its_colour_by_name_and_can_be_called_off():
    app = PlayApp("standard", 3, seed=1, delay=0)
    app.game = Game.from_position(hands=["W R1 B2", "B1 B2", "G1 G2"], discard="G5",
                                  draw_pile="Y1 Y2", names=app.game.names, max_rounds=1)
    app._render()
    next(b for b in buttons(app, app._hand) if b.description == "Wild").click()
    assert app.game.moves == ()
    assert plain(app._status.value) == "Choose the colour for your Wild."
    assert [b.description for b in buttons(app, app._choices)] == ["red", "yellow", "green",
                                                                   "blue", "Cancel"]
    assert "uno-selected" in next(b for b in buttons(app, app._hand)
                                  if b.description == "Wild")._dom_classes
    buttons(app, app._choices)[-1].click()  # Cancel
    assert buttons(app, app._choices) == [] and app.game.moves == ()
    next(b for b in buttons(app, app._hand) if b.description == "Wild").click()
    next(b for b in buttons(app, app._choices) if b.description == "blue").click()
    assert app.game.moves[0].text == "0:W>B"
    assert "Player 1 (you) plays Wild and chooses blue" in app.game.log(viewer=ME)


def test_uno_and_catch_are_races_open_exactly_while_the_rules_allow_them():
    app = PlayApp("standard", 2, seed=1, delay=0)
    assert app.game.names == ("Player 1 (you)", "Bot 2")
    app.game = Game.from_position(hands=["RS R1", "B1 B2 B3"], discard="R5", draw_pile="Y1 Y2 Y3",
                                  names=app.game.names, max_rounds=1)
    app._render()
    uno = next(b for b in buttons(app, app._actions) if "uno-uno" in b._dom_classes)
    assert uno.disabled and uno.button_style == "warning"
    next(b for b in buttons(app, app._hand) if b.description == "Red Skip").click()
    # with two players the Skip gives the person another turn, one card in hand
    uno = next(b for b in buttons(app, app._actions) if "uno-uno" in b._dom_classes)
    assert app.game.current == ME and not uno.disabled
    uno.click()
    assert app.game.events[-1].kind == "UnoCalled"
    assert next(b for b in buttons(app, app._actions) if "uno-uno" in b._dom_classes).disabled
    # a bot that forgot: the person may catch it, even while the bots move
    app = PlayApp("standard", 3, seed=1, delay=0)
    app.game = Game.from_position(hands=["R1 R2 R3", "B1 G2", "G1 G2 G3"], discard="B5",
                                  draw_pile="Y1 Y2 Y3", current=1, names=app.game.names,
                                  max_rounds=1)
    app.game.push("1:B1")
    app._render()
    catch = next(b for b in buttons(app, app._actions) if "uno-catch" in b._dom_classes)
    assert catch.description == "Catch Bot 2!" and not catch.disabled
    assert all(b.disabled for b in buttons(app, app._hand))  # Bot 3's move: no card counts
    catch.click()
    assert app.game.events[-2].kind == "UnoCaught" and len(app.game.hands[1]) == 3


def test_the_speed_menu_and_the_names_come_from_the_text_table():
    app = PlayApp("standard", 4, seed=2, human=2, delay=0.05)
    assert app.game.names == ("Bot 1", "Bot 2", "Player 3 (you)", "Bot 4")
    assert [label for label, _ in app._speed.options] == ["slow", "normal", "fast", "instant",
                                                          "0.05 s per move"]
    assert app._speed.value == 0.05 and app._speed.description == "Bot speed"
    assert PlayApp("standard", 3, seed=2)._speed.label == "normal"
    app._speed.value = 0.0  # instant: the bots have moved when the click returns
    app._human(app._my_moves()[0])
    assert not app._busy and (app.game.current == 2 or app.game.is_over)


# -- hidden cards ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["standard", "cnuno", "party",
                                   RuleSet(seven_zero=True, swap_five=True, ready=True)],
                         ids=["standard", "cnuno", "party", "swaps-and-ready"])
def test_no_hidden_card_of_a_bot_is_ever_shown_before_the_round_ends(paced, rules):
    leaks_with_an_open_log = 0
    for seed in (4, 9):
        app = PlayApp(rules, 3, seed=seed, delay=0.5)
        held: set[Card] = set()  # every card the person has held

        def check(app: PlayApp) -> None:
            nonlocal leaks_with_an_open_log
            game = app.game
            held.update(game.hands[ME])
            known = held | known_to(game, ME) | set(game.discard)
            secret = {c for s, hand in enumerate(game.hands) if s != ME for c in hand} - known
            over = game.is_over or game.phase.name == "ROUND_OVER"
            shown = named_cards(visible(app, end_panel=False))
            assert not shown & secret, (sorted(c.text for c in shown & secret), game.log()[-5:])
            if not over:
                assert app._end_panel.value == ""
            # the detector finds a leak where there is one: the log as an
            # onlooker who sees every hand would read it
            leaks_with_an_open_log += bool(named_cards(game.log()) & secret)

        Recorder(app, check)
        play_through(app)
        # at the end, the hands that were left are shown for the scores
        panel = named_cards(strings_of(app._end_panel.value))
        left = {c for s, hand in enumerate(app.game.round_results[-1].hands) for c in hand}
        assert panel == left
    assert leaks_with_an_open_log > 0


def test_the_table_view_of_render_shows_the_bots_hands_face_down():
    game = Game("standard", 3, 7)
    table = game_html(game, seat=ME)
    codes = set(re.findall(r'data-card="([^"]*)"', table))
    assert codes <= {c.text for c in game.hands[ME]} | {game.discard[-1].text}
    secret = {c for s in (1, 2) for c in game.hands[s]} - set(game.hands[ME]) - {game.discard[-1]}
    assert not named_cards([plain(table), *codes]) & secret


# -- the end of a round and of the game -------------------------------------------------------------

def end_rows(app: PlayApp) -> list[list[str]]:
    rows = re.findall(r'<tr class="uno-score-row".*?</tr>', app._end_panel.value, flags=re.S)
    return [[plain(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
            for row in rows]


def test_the_end_panel_shows_the_winner_and_the_games_scores():
    app = PlayApp("standard", 3, seed=6, delay=0)
    play_through(app)
    game = app.game
    result = game.round_results[-1]
    assert app._end.layout.display != "none"
    panel = plain(app._end_panel.value)
    winner = game.outcome.winner
    said = "You win the game!" if winner == ME else f"{game.names[winner]} wins the game."
    assert panel.startswith(f"Game over {said}")
    assert f"{result.points} points this round" in panel
    rows = end_rows(app)
    assert [r[0].replace(" ★ winner", "") for r in rows] == list(game.names)
    assert [r[0].endswith("★ winner") for r in rows] == [s == result.winner for s in range(3)]
    assert [int(r[1].split()[0]) for r in rows] == [len(h) for h in result.hands]
    assert [int(r[2].replace(",", "")) for r in rows] == [hand_points(h) for h in result.hands]
    assert [int(r[3].replace(",", "")) for r in rows] == game.scores
    assert plain(app._status.value) == ("The game is over: you win!" if winner == ME
                                        else f"The game is over: {game.names[winner]} wins.")
    assert all(b.disabled for b in buttons(app, app._hand))
    assert [b.description for b in buttons(app, app._end_buttons)] == ["Play again",
                                                                      "Same deal again"]


def test_a_longer_game_shows_each_round_and_deals_the_next_on_a_click():
    app = PlayApp("standard", 3, seed=2, delay=0, rounds=2)
    while app.game.phase.name != "ROUND_OVER":
        app._human(app._my_moves()[0])
    game = app.game
    assert plain(app._end_panel.value).startswith("Round 1 is over")
    assert [int(r[3].replace(",", "")) for r in end_rows(app)] == game.scores
    assert ("The game has 2 rounds, or ends sooner when someone reaches 500 points."
            in plain(app._end_panel.value))
    assert all(b.disabled for b in buttons(app, app._hand))
    deal = buttons(app, app._end_buttons)
    assert [b.description for b in deal] == ["Deal the next round"] and not deal[0].disabled
    assert f"score: {game.scores[0]}" in plain(app._table.value)
    deal[0].click()
    assert game.round_no == 2 and game.phase.name != "ROUND_OVER"
    assert app._end.layout.display == "none"
    play_through(app)
    assert plain(app._end_panel.value).startswith("Game over")


# -- the log ------------------------------------------------------------------------------------------------

def test_the_log_is_newest_first_for_the_persons_eyes_with_each_rule_named():
    app = PlayApp("standard", 3, seed=14, delay=0)
    app._human(app._my_moves()[0])
    game = app.game
    lines = re.findall(r'<div class="uno-log-line[^"]*"[^>]*>(.*?)</div>', app._log.value, flags=re.S)
    expected = []
    for event in reversed(game.events):
        said = html.escape(game.event_text(event, viewer=ME))
        if event.rule:
            said += f" {html.escape(rule_name(event.rule))}"
        expected.append(said)
    assert [plain(line) for line in lines] == [plain(e) for e in expected]
    new = re.findall(r'uno-log-line uno-log-new', app._log.value)
    assert 0 < len(new) < len(lines)  # what happened since the person's move stands out


def test_everything_the_page_says_is_prose():
    app = PlayApp("party", 3, seed=12, delay=0)
    strings = []
    drawn = app._render

    def render():
        drawn()
        strings.extend(visible(app))

    app._render = render
    play_through(app)
    assert strings
    for s in strings:
        assert not re.search(r"\b(True|False|None)\b", s), s
        assert not re.search(r"\bP\d\b|Player 0\b|\b\d:[A-Z]", s), s  # seats count from 1; no notation
        assert not re.search(r"\bplay\.\w|\bapp\.\w|\b[a-z]+_[a-z_]+\b", s), s  # no keys
        assert not re.search(r"\d[.,]\d{5,}", s), s


# -- on a real event loop: the page stays live while the bots think ------------------------------------------

def test_on_an_event_loop_the_bots_move_later_and_a_new_game_drops_their_moves():
    async def main():
        app = PlayApp("standard", 4, seed=8, delay=0.05)  # the opening moves are made at once
        assert app.game.current == ME and status_look(app) == "you"
        card = next(b for b in buttons(app, app._hand) if "uno-playable" in b._dom_classes
                    and not b.description.startswith("Wild"))
        card.click()
        # the click returns at once: the bots move later, one by one
        assert app._busy and app.game.current != ME
        assert plain(app._status.value) == f"{app.game.names[app.game.current]} is thinking…"
        assert all(b.disabled for b in buttons(app, app._hand))
        card.click()  # a stale click: nothing
        moves = len(app.game.moves)
        for _ in range(200):
            if not app._busy:
                break
            await asyncio.sleep(0.01)
        assert not app._busy and app.game.current == ME and len(app.game.moves) > moves
        assert status_look(app) == "you" and not any(b.disabled for b in buttons(app, app._hand))
        # a new game while the bots think: their scheduled moves are dropped
        next(b for b in buttons(app, app._hand) if "uno-playable" in b._dom_classes
             and not b.description.startswith("Wild")).click()
        assert app._busy
        app._new.click()
        fresh = app.game
        before = len(fresh.moves)
        await asyncio.sleep(0.3)
        assert app.game is fresh and len(fresh.moves) == before and not app._busy

    asyncio.run(main())


def test_buttons_of_old_drawings_are_closed_and_looks_are_shared(paced):
    import gc
    # other tests' buttons, held until the end: a button collected meanwhile
    # could hand its id to one of this app's, which would then be missed
    before = [b for b in gc.get_objects() if isinstance(b, w.Button)]
    earlier = {id(b) for b in before}
    app = PlayApp("standard", 3, seed=3, delay=0.5)
    for _ in range(3):
        play_through(app)
        app._new.click()
    # hundreds of drawings later, the only buttons still open are those on show…
    shown = {id(b) for box in (app._hand, app._choices, app._actions, app._end_buttons)
             for b in buttons(app, box)}
    open_buttons = {id(b) for b in gc.get_objects() if isinstance(b, w.Button)
                    and id(b) not in earlier and hasattr(b, "_uno_action") and not b.closed}
    assert open_buttons == shown
    # …and they share a few Layout and ButtonStyle widgets, one per look
    looks = {id(x) for x in app._looks.values()}
    assert all(id(b.layout) in looks and id(b.style) in looks
               for box in (app._hand, app._actions) for b in buttons(app, box))
    assert len(looks) < 30


# -- the people at the table: the table model of uno_nb.sim.table ---------------------------------------

class NeverAsked:
    """Sits in for the person's seat: the table model must never ask it anything."""

    name = "never-asked"

    def wants_jump_in(self, view, move, rng):
        raise AssertionError("the person was asked to jump in")

    def choose(self, view, moves, rng):
        raise AssertionError("the person's move was chosen for them")


@pytest.mark.parametrize("rules", ["cnuno", "party", RuleSet(doubles=True, uno_center=True,
                                                             silent_twos=True, advice=True)],
                         ids=["cnuno", "party", "doubles-and-talk"])
def test_the_table_model_never_acts_for_the_person(rules):
    from uno_nb.engine.moves import ADVISE, SLOW, SPEAK
    fired = 0
    for seed in (2, 5, 7):
        app = PlayApp(rules, 4, seed=seed, delay=0)
        app._bots[ME] = NeverAsked()
        app.new_game(seed)  # the opening moves again, with the stand-in seated
        play_through(app)  # the person never says "UNO!" (the box stays unticked)
        assert not [m.text for m in app.game.moves
                    if m.player == ME and m.kind in (UNO, SPEAK, ADVISE, SLOW)]
        fired += sum(app.game.fired.get(rule, 0) for rule in
                     ("V-JUMP-IN", "V-DOUBLES", "T-UNO-CENTER", "T-SILENT-TWOS", "T-ADVICE"))
    assert fired  # the bots did jump in (and talk) around the person


def test_the_bots_catch_a_person_who_forgot_as_the_table_model_does():
    from uno_nb.sim.table import PlayerTraits
    app = PlayApp("standard", 3, seed=1, delay=0)
    app.game = Game.from_position(hands=["R1 R2", "B1 G2 G3", "G1 G4 G5"], discard="R5",
                                  draw_pile="Y1 Y2 Y3 Y4 Y5 Y6", names=app.game.names,
                                  max_rounds=1)
    app._traits = (PlayerTraits(0, 1000, 500), PlayerTraits(0, 1000, 400),
                   PlayerTraits(0, 1000, 10))
    app._render()
    app._say_uno.value = False
    app._human("0:R1")  # one card left, and no "UNO!"
    caught = [i for i, m in enumerate(app.game.moves) if m.kind is CATCH]
    assert caught and app.game.moves[caught[0]].text == "2:catch 0"  # Bot 3 is the fastest
    assert app.game.notes[caught[0]]["key"] == "noticed_first"  # both bots noticed
    assert "Bot 3 catches Player 1 (you) without" in plain(app._log.value)
    assert "caught after" in plain(app._log.value) and len(app.game.hands[ME]) == 3


def test_the_play_page_keeps_its_names_across_its_modules():
    from uno_nb.widgets.play import SPEEDS, PlayApp as Same
    from uno_nb.widgets.play_buttons import ButtonBoard, ButtonSpec, button
    from uno_nb.widgets.play_view import end_panel_html, log_html, status_html, table_html
    assert Same is PlayApp and SPEEDS[0] == ("slow", 1.5)
    assert not hasattr(play_module, "_NeverJumps")
    app = PlayApp("standard", 3, seed=4, delay=0)
    assert isinstance(app._board, ButtonBoard) and app._looks is app._board.looks
    assert app._table.value == table_html(app.game, ME, "en")
    assert app._log.value == log_html(app.game, ME, "en", app._mark)
    assert callable(button) and ButtonSpec._fields[0] == "label"
    assert callable(status_html) and callable(end_panel_html)


# -- the game's settings -------------------------------------------------------------------

def test_the_settings_deal_the_game_they_name_from_the_same_seed():
    """Players, the bots' level, the length and every rule (through the
    stepper's rules panel) are set on the page; each change deals anew from
    the seed on show, so it is the game an app made with those settings deals."""
    app = PlayApp("standard", players=3, seed=12, delay=0)
    assert [label for label, _ in app._length.options] == ["one round", "a match to 500 points"]
    assert app._level.value == "heuristic" and app._players_box.value == 3
    assert (app._players_box.min, app._players_box.max) == (2, 10)
    # as the page sends them: the number typed, the menus' choices by their place
    app._players_box._from_browser({"ev": "value", "v": 5})
    app.rules_panel._preset.value = "party"
    app._length._from_browser({"ev": "value", "v": 1})  # a match to 500 points
    app._level._from_browser({"ev": "value", "v": 1})   # eager
    twin = PlayApp("party", players=5, seed=12, delay=0, rounds=None, bots="random-greedy")
    assert app.game.seed == 12 and app.game.rules == RuleSet.preset("party")
    assert app.game.names == twin.game.names and len(app.game.names) == 5
    assert app.game.state_key() == twin.game.state_key()
    assert [type(b).__name__ for b in app._bots] == [type(b).__name__ for b in twin._bots]
    assert app._bots[1].greedy  # the eager bots
    assert html.unescape(app._settings_note.value) == "Changing a setting deals a new game with the same seed, 12."
    # a rule that changes the target renames the match
    app.rules_panel.control("target_score").value = 200
    assert app._length.label == "a match to 200 points" and app._length.index == 1
    assert app.game.rules.target_score == 200 and app.game.seed == 12
    assert app.game.max_rounds is None
    app._length._from_browser({"ev": "value", "v": 0})  # and back to one round
    assert app._length.label == "one round" and app.game.max_rounds == 1
    assert PlayApp("standard", players=3, seed=1, delay=0, rounds=None)._length.label \
        == "a match to 500 points"


def test_a_refused_rule_combination_is_explained_and_the_game_is_not_dealt_again():
    app = PlayApp("standard", players=3, seed=7, delay=0)
    app.rules_panel.control("stack").value = True
    app.rules_panel.control("stack_mixed").value = True
    dealt = app.game
    assert dealt.rules.stack_mixed  # a valid change deals anew with it
    app.rules_panel.control("stack").value = False  # stack_mixed needs stacking: refused
    assert app.rules_panel.message  # said in words, with both switches' labels
    assert app.game.rules.stack and app.game.rules.stack_mixed
    assert app.game is dealt  # the refusal dealt nothing


def test_the_settings_in_russian():
    app = PlayApp("standard", players=3, seed=12, delay=0, lang="ru")
    assert [label for label, _ in app._length.options] == ["один раунд", "партия до 500 очков"]
    assert app._players_box.description == "Игроков"
    assert html.unescape(app._settings_note.value) == (
        "При изменении настроек начинается новая партия с тем же номером расклада — 12.")


# -- what the others did to the person, announced on the table ----------------------------------

_HITS = "What happened to you since your last move"


def test_R_DRAW2_a_draw_two_on_you_is_announced_on_the_table_not_only_in_the_log():
    """Issue 21, item 1: seed 4 opens with Bot 3's Red Draw Two on the
    person, before they click anything: the table says so, with the cards
    they drew and the turn they lost, until their own next move."""
    app = PlayApp("standard", players=3, seed=4, delay=0)
    assert plain(app._hits.value) == (
        f"{_HITS} Bot 3 plays Red Draw Two Player 1 (you) draws 2 cards (Red 9, Yellow 1) "
        "Player 1 (you) is skipped")
    # read out by a screen reader: the box is a live region (ui.js draws "uno-live" as
    # role=status, aria-live=polite), and only the box, or the words are said twice
    assert "uno-live" in app._hits._dom_classes and "role=" not in app._hits.value
    children = list(app.widget.children)
    assert children.index(app._hits) < children.index(app._table)  # on the table, above it
    app._human(app._my_moves()[0])
    shown = hits(app.game, ME, app._mark)  # only what came after that move
    assert plain(app._hits.value) == (
        f"{_HITS} " + " ".join(app.game.event_text(e, viewer=ME) for e in shown) if shown else "")


def test_R_START_EFFECT_a_draw_two_start_card_on_you_is_announced():
    app = PlayApp("standard", players=3, seed=38, delay=0)
    assert plain(app._hits.value) == (
        f"{_HITS} Start card: Blue Draw Two; Player 1 (you) plays first "
        "Player 1 (you) draws 2 cards (Yellow 4, Green 4) Player 1 (you) is skipped")


def test_R_SKIP_two_skips_are_two_lines_each_after_its_card():
    app = PlayApp("standard", players=3, seed=45, delay=0)
    assert plain(app._hits.value) == (
        f"{_HITS} Bot 3 plays Red Skip Player 1 (you) is skipped Bot 3 plays Red Skip "
        "Player 1 (you) is skipped")


def test_V_SEVEN_ZERO_a_bot_swapping_hands_with_you_is_announced():
    app = PlayApp(RuleSet(seven_zero=True), players=3, seed=1, delay=0)
    for _ in range(14):
        app._human(app._my_moves()[0])
    assert plain(app._hits.value) == f"{_HITS} Bot 3 plays Red 7 Bot 3 swaps hands with Player 1 (you)"


def test_nothing_done_to_you_shows_no_box():
    app = PlayApp("standard", players=3, seed=12, delay=0)
    assert hits(app.game, ME, app._mark) == [] and app._hits.value == ""
    assert PlayApp("standard", players=3, seed=4, delay=0, lang="ru")._hits.value.count("<li>") == 3


# -- "What can I work out?" ------------------------------------------------------------------------

def test_R_CHALLENGE_the_work_out_panel_gives_the_chance_of_a_bluff_from_your_seat():
    """Issue 21, item 1: at a challenge the person can open "What can I
    work out?" and read the exact chance that the Wild Draw Four is a bluff,
    from what their seat sees, with what each answer costs on average."""
    from fractions import Fraction
    from uno_nb.sim import odds
    from uno_nb.engine.moves import CHALLENGE
    app = PlayApp("standard", players=3, seed=4, delay=0)
    assert CHALLENGE in {m.kind for m in app._my_moves()}
    view = app.game.view(ME)
    chance = odds.challenge_success_chance(view)
    assert chance == Fraction(5_975_965, 8_277_217)
    said = plain(app._work_out.value)
    assert "Bot 3 held red with chance 5,975,965/8,277,217 = 72.2%" in said
    assert "about 1.67 cards on average" in said
    assert "Here it is 72.2%: challenge." in said
    assert app._work_out_box.selected_index is None  # closed until the person opens it
    assert app._work_out_box.titles == ("What can I work out?",)
    # the person's seat only: another view of the table would count other cards
    bot = app.game.view(2)
    assert odds.unseen_counts(bot, lambda c: True) != odds.unseen_counts(view, lambda c: True)


def test_the_work_out_panel_on_your_turn_and_while_the_bots_play():
    from uno_nb.sim import odds
    app = PlayApp("standard", players=3, seed=12, delay=0)
    view = app.game.view(ME)
    said = plain(app._work_out.value)
    draw = odds.chance_draw_playable(view)
    assert f"= {draw.numerator * 100 / draw.denominator:.1f}%" in said
    assert said.startswith("Player 1 (you) sees the 7 cards in their own hand")
    app._busy = True  # the bots are moving: nothing to decide
    app._render()
    assert plain(app._work_out.value) == text("play.work_out.wait")
    app._busy = False
    ru = PlayApp("standard", players=3, seed=12, delay=0, lang="ru")
    assert plain(ru._work_out.value).startswith("Игрок 1 (вы) видит")


def test_V_STACK_the_work_out_panel_facing_a_draw_two_names_the_answers_not_the_odds():
    """Facing a stacked Draw Two the person takes the cards or answers with
    one: the panel names the cards that can answer (the legal moves), not
    the chance of drawing a playable card."""
    app = PlayApp(RuleSet(stack=True), players=3, seed=4, delay=0)
    game = app.game
    assert game.phase is Phase.PENALTY and game.pending == 2
    answers = sorted({m.card for m in game.turn_moves() if m.kind is PLAY}, key=lambda c: c.text)
    said = plain(app._work_out.value)
    assert said == text("play.work_out.answer", pending=2, count=len(answers),
                        cards=", ".join(card_name(c) for c in answers)), said
    assert "chance" not in said


def test_the_announcements_and_the_odds_panel_never_read_a_bots_hidden_cards():
    """Move the cards between the bots' hands and the draw pile, keeping
    every hand's size: what the person sees is the same, so the page's
    announcement and "What can I work out?" must not change."""
    import random as _random
    from uno_nb.widgets.play_view import hits_html, work_out_html
    for seed in (4, 12, 38):
        app = PlayApp("standard", players=3, seed=seed, delay=0)
        game = app.game
        before = (hits_html(game, ME, "en", app._mark), work_out_html(game, ME, "en", True))
        hidden = [c for s in (1, 2) for c in game.hands[s]] + list(game.draw_pile)
        _random.Random(seed).shuffle(hidden)
        for s in (1, 2):
            size = len(game.hands[s])
            game.hands[s][:], hidden = hidden[:size], hidden[size:]
        game.draw_pile[:] = hidden
        assert (hits_html(game, ME, "en", app._mark), work_out_html(game, ME, "en", True)) \
            == before


def test_V_STACK_and_V_SWAP_FIVE_the_box_tells_the_target_what_was_turned_on_them(pos):
    """The box of what was done to the person names a pending draw stacked
    onto them and a card exchange they were chosen for (typed events, not
    notes), each after the card that did it."""
    from uno_nb.engine import events as ev
    from uno_nb.widgets.play_view import hits, hits_html
    game = pos(["R+2 B1", "G+2 G3", "Y+2 Y3"], discard="R5", draw_pile="Y4 Y5 Y6 Y7 Y8 Y9 Y1",
               rules=RuleSet(stack=True))
    game.push("R+2")
    mark = len(game.events)
    game.push_many(["1:G+2", "2:Y+2"])
    shown = hits(game, 0, mark)
    aimed = [e for e in shown if isinstance(e, ev.DrawAnswered)]
    assert [(e.player, e.target, e.count) for e in aimed] == [(2, 0, 6)]
    assert isinstance(shown[shown.index(aimed[0]) - 1], ev.Played)  # after the card that did it
    # Player 2 stacked onto Player 3: nothing of it is turned on Player 2
    assert not [e for e in hits(game, 1, mark) if isinstance(e, ev.DrawAnswered)]
    game = pos(["B1 B2", "R5 G3", "Y2 Y3"], discard="R4", rules=RuleSet(swap_five=True),
               current=1)
    mark = len(game.events)
    game.push_many(["1:R5", "1:swap 0"])
    chosen = [e for e in hits(game, 0, mark) if isinstance(e, ev.ExchangeChosen)]
    assert [(e.player, e.target) for e in chosen] == [(1, 0)]
    said = hits_html(game, 0, "en", mark)  # read out once: the box around it is the live region
    assert "exchanges a card with" in said and "role=" not in said
    assert game.event_text(chosen[0]) == "Player 2 exchanges a card with Player 1"
    assert hits(game, 2, mark) == []  # nothing was turned on Player 3


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_V_W4_ANYTIME_the_page_never_advises_a_challenge_that_always_fails(pos, lang):
    """Under V-W4-ANYTIME a Wild Draw Four is never a bluff: the status line
    and "What can I work out?" say that a challenge always fails (no chance
    of a bluff counted), where the standard rules invite the challenge."""
    from uno_nb.engine.moves import MoveKind
    from uno_nb.texts import text
    from uno_nb.widgets.play_view import status_text, work_out_html

    def on_me(rules):
        game = pos(["R1 B2 G4", "Y1 Y2", "W+4 R3 G3"], discard="R5",
                   draw_pile="Y3 Y4 Y5 Y6 Y7 Y8 Y9", rules=rules, current=2)
        game.push("2:W+4>G")  # Player 3 held red: a bluff, were it not for V-W4-ANYTIME
        return game

    kinds = {MoveKind.CHALLENGE, MoveKind.DRAW}
    game = on_me(RuleSet(w4_anytime=True))
    assert game.current == 0 and any(m.kind is MoveKind.CHALLENGE for m in game.turn_moves())
    said, _ = status_text(game, 0, lang, kinds, decides=True)
    assert said == text("play.status.challenge_anytime", lang, count=4)
    worked = work_out_html(game, 0, lang, True)
    assert text("play.work_out.anytime", lang, pending=4, cost=6) in html.unescape(worked)
    assert "%" not in worked
    standard = on_me(RuleSet())
    assert status_text(standard, 0, lang, kinds, decides=True)[0] == text(
        "play.status.challenge", lang, count=4)
    assert "%" in work_out_html(standard, 0, lang, True)

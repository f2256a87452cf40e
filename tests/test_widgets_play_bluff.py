"""Headless tests of issue 37's play page (items 3 and 4): bots that bluff as
the person chooses (R-W4-BLUFF), a work-out panel that names what its chance
assumes beside how the bot has played, swap buttons that name each player in
full (V-SEVEN-ZERO, V-SWAP-FIVE), a Wild Draw Four that says it would be a
bluff, and the marks ui.js reads for the keyboard and a screen reader
(``uno-roving``, ``uno-focus-next``, ``uno-live``).

Positions come from seeded deals found by a search loop in the test (the
person plays the first move the page offers until the position wanted)."""

import json
import random
from pathlib import Path

import pytest

from uno_nb import Phase, RuleSet
from uno_nb.engine.cards import card_order
from uno_nb.engine.events import Challenged, Drew, Played
from uno_nb.engine.moves import CHALLENGE, DRAW, PLAY, SWAP
from uno_nb.sim.bots import BLUFF_RATES, HeuristicBot, bluff_rate, make_bot
from uno_nb.sim.simulation import play_game
from uno_nb.texts import card_name, text
from uno_nb.widgets import PlayApp
from uno_nb.widgets.play_view import bot_record

from .test_widgets_play import ME, buttons, plain

ROOT = Path(__file__).resolve().parent.parent


def first_move(app: PlayApp) -> None:
    """The person's plainest decision: the first move the page offers
    (a card that fits comes first; never a challenge)."""
    moves = [m for m in app._my_moves() if m.kind is not CHALLENGE]
    app._human(moves[0])


def facing_a_bluff(bluff: str, guilty: bool, seeds=range(1, 400), players: int = 3):
    """The first seeded game whose bot plays a Wild Draw Four on the person
    that is (``guilty``) or is not a bluff, at the moment the person must
    answer it; the person plays the first move offered until then."""
    for seed in seeds:
        app = PlayApp("standard", players=players, seed=seed, delay=0, bluff=bluff)
        for _ in range(60):
            game = app.game
            if game.is_over or game.phase is Phase.ROUND_OVER:
                break
            if CHALLENGE in {m.kind for m in app._my_moves()}:
                accused, colour = game.view(ME).challengeable
                held = any(c.colour == colour for c in game.hands[accused])
                if held == guilty:
                    return app, accused
            first_move(app)
    raise AssertionError(f"no seed in {seeds} with a {'bluff' if guilty else 'fair +4'}")


# -- B: the bots bluff as the person chooses --------------------------------------------------

def test_R_W4_BLUFF_a_bot_bluffs_on_the_play_page_and_the_challenge_succeeds():
    """Issue 37, "Must show": with bluffing bots a bot plays a Wild Draw Four
    while it holds the colour in force; the person challenges and wins: the
    bot draws the 4 cards, the person none."""
    app, accused = facing_a_bluff("often", guilty=True)
    game = app.game
    before = len(game.events)
    app._human(next(m for m in app._my_moves() if m.kind is CHALLENGE))
    verdict = next(e for e in game.events[before:] if isinstance(e, Challenged))
    assert verdict.guilty and verdict.accused == accused and verdict.challenger == ME
    drew = [e for e in game.events[before:] if isinstance(e, Drew) and e.reason == "challenge"]
    assert [(e.player, len(e.cards)) for e in drew] == [(accused, 4)]  # the person: none
    said = " ".join(game.event_text(e, viewer=ME) for e in game.events[before:])
    assert "challenge" in said.lower()


@pytest.mark.parametrize("rules", ["standard", "party"])
def test_R_W4_BLUFF_bots_that_never_bluff_lose_every_challenge(rules):
    """With "never" every challenge fails: whenever a bot plays a Wild Draw
    Four on the person — on its turn, or laid on a pending draw (V-STACK,
    the party preset) — the person challenges, and the verdict is that the
    bot held no card of the colour (its hand now may hold one: a missed
    UNO! can make it draw after the play)."""
    seen = 0
    for seed in range(1, 40):
        app = PlayApp(rules, players=3, seed=seed, delay=0, bluff="never")
        for _ in range(60):
            game = app.game
            if game.is_over:
                break
            challenge = next((m for m in app._my_moves() if m.kind is CHALLENGE), None)
            if challenge is None:
                first_move(app)
                continue
            before = len(game.events)
            app._human(challenge)
            verdict = next(e for e in game.events[before:] if isinstance(e, Challenged))
            assert not verdict.guilty, seed
            seen += 1
    assert seen >= 3


@pytest.mark.parametrize("rules", ["standard", "party"])
def test_R_W4_BLUFF_V_STACK_a_bot_that_never_bluffs_plays_no_bluff_anywhere(rules):
    """The honest bot (rate 0) lays no Wild Draw Four it holds the colour in
    force for: not on its turn, not a card it has just drawn, not on a
    pending draw (the simulations' bot, ``HeuristicBot()``, does stack such
    a +4: the same games show it, so the check can fail)."""
    from uno_nb.engine.game import Game
    honest, plain_bot = 0, 0
    for seed in range(30):
        for bot, count in ((HeuristicBot(0.0), "honest"), (HeuristicBot(), "plain")):
            game = Game(rules, 3, seed, max_rounds=1)
            rng = random.Random(seed)
            for _ in range(400):
                if game.is_over or game.phase is Phase.ROUND_OVER:
                    break
                seat, moves = game.current, game.turn_moves()
                move = bot.choose(game.view(seat), moves, rng)
                if move.kind is PLAY and move.card is not None and game.is_bluff(move.card, seat):
                    if count == "honest":
                        honest += 1
                    else:
                        plain_bot += 1
                game.push(move)
    assert honest == 0
    if rules == "party":
        assert plain_bot > 0  # the check sees a stacked bluff when there is one


class CountingRandom(random.Random):
    """A generator that counts its draws."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()


@pytest.mark.parametrize("rules", ["standard", "party"])
def test_R_W4_BLUFF_the_simulations_bot_never_draws_from_the_generator(rules):
    """The default heuristic bot (the simulations' and the compiled twin's,
    ``HeuristicBot()``) makes the moves of the games the runner recorded and
    never draws from the generator; a bot with a rate draws only at a chance
    to bluff: a +4 it would bluff with on its turn while a coloured card fits,
    or a bluff among its plays on a drawn card or a pending draw."""
    assert HeuristicBot().bluff is None and make_bot("heuristic").bluff is None
    for seed in range(20):
        _, game = play_game(rules, ["heuristic"] * 3, seed, record=True)
        rng = CountingRandom(seed)
        while game.can_undo():
            game.pop()
        bot, bluffer = HeuristicBot(), HeuristicBot(bluff=0.25)
        while game.can_redo():
            seat, moves = game.current, game.turn_moves()
            made = game._redo[-1][0]
            if len(moves) > 1 and made in moves \
                    and game.phase in (Phase.TURN, Phase.PENALTY, Phase.DRAWN):
                view = game.view(seat)
                assert bot.choose(view, moves, rng) == made
                assert rng.draws == 0
                plays = [m for m in moves if m.kind is PLAY and m.card is not None]
                bluffs = any(game.is_bluff(m.card, seat) for m in plays)
                coloured = any(not m.card.is_black for m in plays)
                counting = CountingRandom(1)
                bluffer.choose(view, moves, counting)
                chance = bluffs and (coloured if game.phase is Phase.TURN else True)
                assert counting.draws == (1 if chance else 0)
            game.redo()
    with pytest.raises(ValueError):
        HeuristicBot(bluff=1.5)
    with pytest.raises(ValueError, match="never, sometimes, often"):
        bluff_rate("always")

def _bluff_share(rate: float, seeds: range) -> tuple[int, int]:
    """(Wild Draw Fours played on a turn, bluffs among them) by three bots."""
    fours = bluffs = 0
    for seed in seeds:
        _, game = play_game("standard", [HeuristicBot(rate)] * 3, seed, record=True)
        while game.can_undo():
            game.pop()
        while game.can_redo():
            move = game._redo[-1][0]
            if move.kind is PLAY and move.card.rank == "W+4" and game.phase is Phase.TURN:
                fours += 1
                bluffs += any(c.colour == game.colour for c in game.hands[game.current])
            game.redo()
    return fours, bluffs


def test_R_W4_BLUFF_the_rates_give_the_shares_of_bluffs_the_docs_say():
    """sim.bots.BLUFF_RATES: never 0; "sometimes" about half the Wild Draw
    Fours played (above the one in three at which a challenge pays);
    "often" most of them (measured on 300 games: 52% and 72%)."""
    assert dict(BLUFF_RATES) == {"never": 0.0, "sometimes": 0.25, "often": 0.5}
    shares = {}
    for word, rate in BLUFF_RATES:
        fours, bluffs = _bluff_share(rate, range(80))
        assert fours > 40
        shares[word] = bluffs / fours
    assert shares["never"] == 0
    assert 1 / 3 < shares["sometimes"] < 0.7
    assert shares["sometimes"] < shares["often"] < 0.9


def test_the_bluff_setting_is_part_of_the_deal_and_the_same_settings_give_the_same_game():
    """The menu "Bots bluff" deals anew from the same seed; the same seed,
    settings and clicks give the same game, move for move."""
    app = PlayApp("standard", players=3, seed=12, delay=0)
    assert app._bluff_menu.value == "sometimes"  # the challenge lesson's default
    assert [label for label, _ in app._bluff_menu.options] == ["never", "sometimes", "often"]
    assert app._bluff_menu.description == "Bots bluff"
    app._bluff_menu.value = "often"
    assert app.game.seed == 12 and app._bluff == "often"
    twin = PlayApp("standard", players=3, seed=12, delay=0, bluff="often")
    for _ in range(25):
        if app.game.is_over:
            break
        first_move(app)
        first_move(twin)
        assert [m.text for m in app.game.moves] == [m.text for m in twin.game.moves]
    # only the thoughtful bots bluff as the menu says: the others play any move
    app._level.value = "random"
    assert app._bluff_menu.disabled
    app._level.value = "heuristic"
    assert not app._bluff_menu.disabled
    ru = PlayApp("standard", players=3, seed=12, delay=0, lang="ru")
    assert ru._bluff_menu.description == "Боты блефуют"
    assert [label for label, _ in ru._bluff_menu.options] == ["никогда", "иногда", "часто"]


# -- C: "What can I work out?" names its assumption -------------------------------------------

def test_R_CHALLENGE_the_work_out_panel_names_what_its_chance_assumes_and_how_the_bot_played():
    """Issue 37, "Must show": at a challenge the panel says its chance is
    for the unseen cards dealt at random (the bot's real play may differ),
    beside what the person has seen of this bot's Wild Draw Fours."""
    app, accused = facing_a_bluff("sometimes", guilty=False)
    game = app.game
    name = game.names[accused]
    said = plain(app._work_out.value)
    assert ("What this chance assumes: the cards you cannot see were dealt at random, so every "
            f"set of them {name} could hold is as likely as any other. But {name} chose to play "
            "the card, and the real chance of a bluff may differ.") in said
    fours = sum(1 for e in game.events if isinstance(e, Played) and e.player == accused
                and e.card.rank == "W+4")
    if fours == 1:
        assert f"This is the first Wild Draw Four {name} has played this game" in said
    else:
        assert f"{name} has played {fours} Wild Draw Fours, this one included." in said
    assert "In Game settings, bots bluff: sometimes." in said
    # in Russian too
    ru = PlayApp("standard", players=3, seed=game.seed, delay=0, lang="ru", bluff="sometimes")
    for move in game.moves[len(ru.game.moves):]:
        if ru._decides():
            ru._human(move)
    if CHALLENGE in {m.kind for m in ru._my_moves()}:
        assert "На чём основан этот подсчёт: карты, которых вы не видите, считаются розданными " \
               "случайным образом" in plain(ru._work_out.value)


def test_R_CHALLENGE_the_bots_record_counts_only_what_the_table_saw():
    """bot_record counts the Wild Draw Fours a bot played and what each
    challenge showed: public events only, so a bot's hidden hand cannot
    change a word of it."""
    app, accused = facing_a_bluff("often", guilty=True)
    game = app.game
    app._human(next(m for m in app._my_moves() if m.kind is CHALLENGE))  # a bluff caught
    for _ in range(200):  # on to the same bot's next Wild Draw Four on the person
        if game.is_over or CHALLENGE in {m.kind for m in app._my_moves()}:
            break
        first_move(app)
    said = bot_record(game, accused, "en", "often")
    name = game.names[accused]
    assert said[0].startswith("What this chance assumes: the cards you cannot see were dealt")
    verdicts = [e.guilty for e in game.events if isinstance(e, Challenged) and e.accused == accused]
    assert verdicts and verdicts[0] is True
    fours = sum(1 for e in game.events if isinstance(e, Played) and e.player == accused
                and e.card.rank == "W+4")
    if fours > 1:
        caught = sum(verdicts)
        assert text("play.work_out.challenged", challenged=len(verdicts), caught=caught,
                    cleared=len(verdicts) - caught) in said
    # every number in it is in the log the person reads
    log = plain(app._log.value)
    assert log.count("challenges") + log.count("challenge") >= len(verdicts)
    assert bot_record(game, accused, "en", "never")[-1] == text("play.work_out.setting_never")


# -- D: the swap buttons name each player in full ----------------------------------------------

def _swap_phase(rules: RuleSet, phase: Phase) -> PlayApp:
    for seed in range(1, 300):
        app = PlayApp(rules, players=3, seed=seed, delay=0)
        for _ in range(30):
            game = app.game
            if game.is_over:
                break
            if game.phase is phase and game.current == ME:
                return app
            moves = app._my_moves()
            sevens = [m for m in moves if m.kind is PLAY and m.card.rank in ("7", "5")]
            if sevens:
                app.play(sevens[0].card)
            else:
                first_move(app)
    raise AssertionError(f"no seed brings the person to {phase}")


@pytest.mark.parametrize("rules, phase, key", [
    (RuleSet(seven_zero=True), Phase.SWAP, "play.swap_with"),
    (RuleSet(swap_five=True), Phase.EXCHANGE, "play.exchange_with")])
def test_V_SEVEN_ZERO_V_SWAP_FIVE_swap_buttons_name_each_player_and_their_cards(rules, phase, key):
    """Issue 37: "Swap hands with …" was cut off; each button names the
    player and how many cards they hold, in full, and wraps on a phone."""
    app = _swap_phase(rules, phase)
    game = app.game
    swaps = [b for b in buttons(app, app._choices) if "uno-swap" in b._dom_classes]
    targets = [m.target for m in app._my_moves() if m.kind is SWAP]
    assert targets
    for seat in targets:
        count = len(game.hands[seat])
        label = text(key, player=game.names[seat], count=count)
        assert label.endswith(f"({count} {'card' if count == 1 else 'cards'})")
        assert label in [b.description for b in swaps]
    for b in swaps:
        assert b.layout.width == "auto" and b.layout.max_width == "100%"
        assert b.layout.height == "auto"
    ru = text(key, "ru", player="Бот 2", count=5)
    assert ru.endswith("Бот 2 (5 карт)")


# -- E: a Wild Draw Four says whether it may be played fairly ---------------------------------

def _holding_wild_four(rules: RuleSet, colour_held: bool) -> tuple[PlayApp, object]:
    for seed in range(1, 600):
        app = PlayApp(rules, players=3, seed=seed, delay=0)
        game = app.game
        if game.current != ME or game.phase is not Phase.TURN:
            continue
        hand = game.hands[ME]
        four = next((c for c in hand if c.rank == "W+4"), None)
        held = any(c.colour == game.colour for c in hand)
        if four is not None and held == colour_held:
            button = next(b for b in buttons(app, app._hand) if b.description == card_name(four))
            return app, button
    raise AssertionError("no seed deals the person a Wild Draw Four so")


def test_R_W4_BLUFF_a_wild_draw_four_held_with_the_colour_says_it_is_a_bluff():
    app, button = _holding_wild_four(RuleSet(), colour_held=True)
    colour = app.game.colour
    assert "uno-playable" in button._dom_classes and "uno-bluff" in button._dom_classes
    assert button.tooltip == text("play.card.bluff", card="Wild Draw Four",
                                  colour_of=f"{colour.name.lower()}")
    assert "you can play it, but it is a bluff" in button.tooltip
    assert "a challenge would catch it" in button.tooltip
    assert "A bluff:" in plain(button.face)  # in words under its face, read before its name
    # and not by colour alone: a double edge, not the dashed one of a pale card
    # that does not fit (the legend's), which it would look like without colour
    assert button.layout.border.split()[:2] == ["5px", "double"]
    assert "dashed" not in button.layout.border


def test_R_W4_LEGAL_a_fair_wild_draw_four_says_you_can_play_it_now():
    app, button = _holding_wild_four(RuleSet(), colour_held=False)
    assert "uno-bluff" not in button._dom_classes and "A bluff" not in plain(button.face)
    assert button.tooltip == "Wild Draw Four — you can play it now"


def test_R_W4_BLUFF_off_a_wild_draw_four_held_with_the_colour_cannot_be_played():
    app, button = _holding_wild_four(RuleSet(w4_bluff=False), colour_held=True)
    assert "uno-unplayable" in button._dom_classes and "uno-bluff" not in button._dom_classes
    assert button.tooltip == "Wild Draw Four — it does not fit now"


def test_how_to_play_states_the_wild_draw_fours_restriction_in_both_languages():
    for name, words in (("05_play_against_bots", ("may be played only when you hold no card of "
                                                  "the colour in force", "bluff", "challenge")),
                        ("ru/05_play_against_bots", ("можно класть, только если у вас нет ни "
                                                     "одной карты того цвета", "блеф"))):
        notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        intro = " ".join("".join(notebook["cells"][0]["source"]).split())
        for word in words:
            assert word in intro, (name, word)


# -- A: the marks for the keyboard and a screen reader -----------------------------------------

def _marked(app: PlayApp) -> list:
    return [b for box in (app._hand, app._choices, app._actions, app._end_buttons)
            for b in buttons(app, box) if "uno-focus-next" in b._dom_classes]


def test_after_every_move_one_control_is_marked_to_take_focus_the_next_card_that_fits():
    """ui.js moves focus to the control marked ``uno-focus-next`` when a move
    took away the one that had it: at each decision exactly one enabled
    control is marked — a card that fits (the nearest after the last card
    played), or Draw (Keep it) — and the hand is one roving tab stop."""
    app = PlayApp("standard", players=3, seed=5, delay=0)
    assert "uno-roving" in app._hand._dom_classes and app._hand.tooltip == "Your cards"
    for box in (app._status, app._hits, app._message):
        assert "uno-live" in box._dom_classes
    for _ in range(80):
        game = app.game
        if game.is_over:
            assert [b.description for b in _marked(app)] == ["Play again"]
            break
        marked = _marked(app)
        assert len(marked) == 1 and not marked[0].disabled
        target = marked[0]
        fits = [b for b in buttons(app, app._hand) if "uno-playable" in b._dom_classes]
        if fits:
            assert target in fits
            if app._aim is not None:
                hand = buttons(app, app._hand)
                after = [b for b in fits if hand.index(b) >= app._aim]
                assert target is (after[0] if after else fits[-1])
        elif app._wild is None and not [b for b in buttons(app, app._choices) if not b.disabled]:
            assert {"uno-draw", "uno-pass"} & set(target._dom_classes)
        target.click()  # what Enter on the focused control does
        if app._wild is not None:  # a Wild: its colour, marked in turn
            colour = _marked(app)[0]
            assert "uno-colour-choice" in colour._dom_classes
            colour.click()
    else:
        pytest.fail("the game did not end")


def test_the_stepper_and_a_question_are_read_out_and_keep_focus():
    from uno_nb.widgets import Ask, GameStepper
    stepper = GameStepper("standard", players=3, seed=1)
    assert "uno-live" in stepper._said._dom_classes
    assert "uno-focus-next" in stepper._step._dom_classes
    stepper.step()
    said = plain(stepper._said.value)
    assert said.startswith("move 1 of ") and stepper.log_lines()[-1] in said
    box = Ask("play.pile_after_deal")
    assert "uno-live" in box._message._dom_classes
    assert "uno-focus-next" not in box._message._dom_classes
    box.reveal()
    assert "uno-focus-next" in box._message._dom_classes


def test_R_W4_BLUFF_V_STACK_a_wild_draw_four_laid_on_a_draw_says_it_is_a_bluff():
    """Under the party rules (V-STACK) a Wild Draw Four may be laid on a
    pending draw; held with the colour in force it is a bluff there too, and
    the hand says so (the engine's Game.is_bluff, the one check)."""
    from uno_nb.widgets.play_buttons import bluff_colour
    for seed in range(1, 300):
        app = PlayApp("party", players=3, seed=seed, delay=0, bluff="never")
        for _ in range(60):
            game = app.game
            if game.is_over or game.phase is Phase.ROUND_OVER:
                break
            four = next((c for c in game.hands[ME] if c.rank == "W+4"), None)
            if game.phase is Phase.PENALTY and game.current == ME and four is not None \
                    and any(c.colour == game.colour for c in game.hands[ME]):
                assert game.is_bluff(four, ME)
                assert bluff_colour(game, ME) == game.colour
                card = next(b for b in buttons(app, app._hand) if "Wild Draw Four" in b.tooltip)
                assert "uno-bluff" in card._dom_classes and "A bluff" in plain(card.face)
                return
            first_move(app)
    raise AssertionError("no seed with a Wild Draw Four held on a pending draw")

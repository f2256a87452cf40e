"""Headless tests of issue 37's play page (items 3 and 4): bots that bluff as
the person chooses (R-W4-BLUFF), a work-out panel that names what its chance
assumes beside how the bot has played, swap buttons that name each player in
full (V-SEVEN-ZERO, V-SWAP-FIVE), a Wild Draw Four that says it would be a
bluff, and the marks ui.js reads for the keyboard and a screen reader
(``uno-roving``, ``uno-focus-next``, ``uno-live``).

Positions come from seeded deals found by a search loop in the test (the
person plays the first move the page offers until the position wanted),
except the work-out panel's: its bot's record needs a bot with two and three
Wild Draw Fours, challenged or not, so those positions are scripted
(Game.from_position and the moves of every seat)."""

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from uno_nb import Game, Phase, RuleSet
from uno_nb.engine.cards import card_order
from uno_nb.engine.events import Challenged, Drew, Played
from uno_nb.engine.moves import CHALLENGE, DRAW, PLAY, SWAP
from uno_nb.sim.bots import BLUFF_RATES, HeuristicBot, bluff_rate, make_bot
from uno_nb.sim.simulation import play_game
from uno_nb.texts import card_name, text
from uno_nb.widgets import PlayApp
from uno_nb.widgets.play_view import bot_record

from .test_widgets_play import ME, buttons, plain, visible

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


# -- C: "What can I work out?" names its assumption and how the bot has played ---------------

# A scripted table (Game.from_position), so that every branch of bot_record is
# reached on purpose, not by luck of a seed: the person (seat 0), Bot 2, and
# Bot 3 (ACCUSED), whose every Wild Draw Four lands on the person.  Its first
# +4 is laid on red: with GUILTY Bot 3 holds red then (a bluff), with FAIR none.
ACCUSED = 2
PERSON_HAND, BOT_2_HAND = "R1 R2 R3 B4 B5 G7 Y9", "R4 R6 R7 B1 B2 G8 G9"
GUILTY, FAIR = "W+4 W+4 R8 R9 RS Y0 G3", "W+4 W+4 W+4 Y0 Y8 B3 G3"
DRAW_PILE = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 G1 G2 G4 G5 B6 B7 B8 BS YS YR"

#: scene: (Bot 3's hand, the moves up to its last +4 on the person, the
#: verdicts of the challenges of its earlier ones, what bot_record says
#: between the assumption and the setting, in English and in Russian)
SCENES = {
    "first": (GUILTY, "0:R1 1:R4 2:W+4>B", [], {
        "en": ["This is the first Wild Draw Four Bot 3 has played this game: you have not yet "
               "seen whether Bot 3 bluffs."],
        "ru": ["Это первая «Дикая +4», которую Бот 3 сыграл в этой партии: вы ещё не видели, "
               "блефует ли Бот 3."]}),
    "caught": (GUILTY, "0:R1 1:R4 2:W+4>B 0:challenge 0:B4 1:B1 2:W+4>G", [True], {
        "en": ["What you have seen this game: Bot 3 has played 2 Wild Draw Fours, this one "
               "included.",
               "The earlier one was challenged, and the challenge showed a bluff."],
        "ru": ["Что вы видели в этой партии: Бот 3 сыграл «Дикую +4» 2 раза, считая этот ход.",
               "Предыдущую «Дикую +4» оспорили, и блеф раскрылся."]}),
    "cleared": (FAIR, "0:R1 1:R4 2:W+4>B 0:challenge 1:B1 2:W+4>G", [False], {
        "en": ["What you have seen this game: Bot 3 has played 2 Wild Draw Fours, this one "
               "included.",
               "The earlier one was challenged, and the challenge showed no bluff."],
        "ru": ["Что вы видели в этой партии: Бот 3 сыграл «Дикую +4» 2 раза, считая этот ход.",
               "Предыдущую «Дикую +4» оспорили, но блефа не оказалось."]}),
    "taken": (GUILTY, "0:R1 1:R4 2:W+4>B 0:draw 1:B1 2:W+4>G", [], {
        "en": ["What you have seen this game: Bot 3 has played 2 Wild Draw Fours, this one "
               "included.",
               "Nobody challenged the earlier one, so you have not seen whether Bot 3 bluffs."],
        "ru": ["Что вы видели в этой партии: Бот 3 сыграл «Дикую +4» 2 раза, считая этот ход.",
               "Предыдущую «Дикую +4» никто не оспорил, так что вы ещё не видели, блефует ли "
               "Бот 3."]}),
    "three": (FAIR, "0:R1 1:R4 2:W+4>B 0:challenge 1:B1 2:W+4>G 0:draw 1:G8 2:W+4>Y",
              [False], {
        "en": ["What you have seen this game: Bot 3 has played 3 Wild Draw Fours, this one "
               "included.",
               "1 of the earlier ones was challenged: 0 challenges showed a bluff, 1 did not."],
        "ru": ["Что вы видели в этой партии: Бот 3 сыграл «Дикую +4» 3 раза, считая этот ход.",
               "Прежние «Дикие +4» оспаривали 1 раз: блеф раскрылся 0 раз, не раскрылся — 1."]}),
    "three_taken": (FAIR, "0:R1 1:R4 2:W+4>B 0:draw 1:B1 2:W+4>G 0:draw 1:G8 2:W+4>Y", [], {
        "en": ["What you have seen this game: Bot 3 has played 3 Wild Draw Fours, this one "
               "included.",
               "Nobody challenged the earlier ones, so you have not seen whether Bot 3 bluffs."],
        "ru": ["Что вы видели в этой партии: Бот 3 сыграл «Дикую +4» 3 раза, считая этот ход.",
               "Прежние «Дикие +4» никто не оспаривал, так что вы ещё не видели, блефует ли "
               "Бот 3."]}),
}

ASSUMES = {
    "en": "What this chance assumes: the cards you cannot see were dealt at random, so every set "
          "of them Bot 3 could hold is as likely as any other. But Bot 3 chose to play the card, "
          "and the real chance of a bluff may differ.",
    "ru": "На чём основан этот подсчёт: карты, которых вы не видите, считаются розданными "
          "случайным образом, так что любой их набор, который может держать Бот 3, так же "
          "вероятен, как любой другой. Но Бот 3 сам решил сыграть эту карту, и настоящая "
          "вероятность блефа может быть другой."}
SETTING = {"often": {"en": "In Game settings, bots bluff: often.",
                     "ru": "В настройках партии боты блефуют: часто."},
           "never": {"en": "In Game settings, bots never bluff: against them every challenge "
                           "fails.",
                     "ru": "В настройках партии боты никогда не блефуют: оспаривать их ходы "
                           "бесполезно."}}


def facing_bot_3(scene: str, lang: str, bluff: str = "often") -> PlayApp:
    """The play page with the scene's game in place of its deal: Bot 3 has
    just laid a Wild Draw Four on the person, who must answer it."""
    app = PlayApp("standard", players=3, seed=1, delay=0, lang=lang, bluff=bluff)
    hand, moves, verdicts, _ = SCENES[scene]
    game = Game.from_position("standard", hands=[PERSON_HAND, BOT_2_HAND, hand], discard="R5",
                              draw_pile=DRAW_PILE, names=app.game.names, max_rounds=1)
    game.push_many(moves.split())
    app.game = game
    app._mark = 0
    app._render()
    assert game.names[ACCUSED] == ("Bot 3" if lang == "en" else "Бот 3")
    assert CHALLENGE in {m.kind for m in app._my_moves()}
    assert game.view(ME).challengeable[0] == ACCUSED
    fours = [e for e in game.events if isinstance(e, Played) and e.card.rank == "W+4"]
    assert {e.player for e in fours} == {ACCUSED} and len(fours) == len(moves.split("W+4")) - 1
    assert [(e.accused, e.guilty) for e in game.events if isinstance(e, Challenged)] == \
        [(ACCUSED, v) for v in verdicts]
    return app


def paragraphs(markup: str) -> list[str]:
    return [plain(p) for p in re.findall(r"<p\b[^>]*>(.*?)</p>", markup, flags=re.S)]


def assumes_box(app: PlayApp) -> list[str]:
    """The sentences of the panel's box beside the counted chance."""
    found = re.findall(r'<div class="uno-work-out-assumes"[^>]*>(.*?)</div>', app._work_out.value,
                       flags=re.S)
    assert len(found) == 1
    return paragraphs(found[0])


def log_lines(app: PlayApp) -> list[str]:
    """The person's log, oldest first, without the small rule names."""
    rows = re.findall(r'<div class="uno-log-line[^"]*"[^>]*>(.*?)</div>', app._log.value,
                      flags=re.S)
    return [plain(re.sub(r'<span class="uno-rule".*?</span>', "", row)) for row in rows][::-1]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_R_CHALLENGE_the_bots_record_says_exactly_what_the_table_saw(scene, lang):
    """bot_record, sentence for sentence, in each case: a bot's first Wild
    Draw Four; its second after one earlier that was challenged and showed a
    bluff, challenged and showed none, or taken unchallenged ("the earlier
    one", in the singular); its third after two earlier ("the earlier
    ones").  The panel shows those sentences beside the counted chance, and
    the setting said is the menu's."""
    app = facing_bot_3(scene, lang)
    game = app.game
    record = SCENES[scene][3][lang]
    said = [ASSUMES[lang], *record, SETTING["often"][lang]]
    assert bot_record(game, ACCUSED, lang, "often") == said
    assert assumes_box(app) == said
    assert bot_record(game, ACCUSED, lang, "never") == [*said[:-1], SETTING["never"][lang]]
    assert bot_record(game, ACCUSED, lang, None) == said[:-1]  # random bots: no setting
    # the same sentences come from the text table with the counts of the events
    fours = sum(1 for e in game.events if isinstance(e, Played) and e.card.rank == "W+4")
    verdicts = SCENES[scene][2]
    name = game.names[ACCUSED]
    if fours == 1:
        keys = [text("play.work_out.first", lang, accused=name)]
    else:
        keys = [text("play.work_out.record", lang, accused=name, fours=fours)]
        if fours == 2:
            keys.append(text("play.work_out." + ("none_challenged_one" if not verdicts else
                                                 "caught_one" if verdicts[0] else "cleared_one"),
                             lang, accused=name))
        elif verdicts:
            keys.append(text("play.work_out.challenged", lang, accused=name,
                             challenged=len(verdicts), caught=sum(verdicts),
                             cleared=len(verdicts) - sum(verdicts)))
        else:
            keys.append(text("play.work_out.none_challenged", lang, accused=name))
    assert keys == record


def test_R_CHALLENGE_the_scenes_reach_every_sentence_of_the_record():
    """The scenes above are not vacuous: among them a bot has played two Wild
    Draw Fours, one of them challenged, both as a bluff caught and as a fair
    card; every sentence of the record is said by some scene."""
    said = {line for _, _, _, record in SCENES.values() for line in record["en"]}
    keys = ["first", "none_challenged_one", "caught_one", "cleared_one", "none_challenged"]
    for key in keys:
        assert text(f"play.work_out.{key}", accused="Bot 3") in said, key
    assert text("play.work_out.challenged", challenged=1, caught=0, cleared=1) in said
    assert {len(moves.split("W+4")) - 1 for _, moves, _, _ in SCENES.values()} == {1, 2, 3}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_R_CHALLENGE_the_work_out_panel_names_what_its_chance_assumes_and_how_the_bot_played(lang):
    """Issue 37, "Must show": at a challenge the panel gives the counted
    chance and its verdict, then, in a box beside them, that the chance is for
    the unseen cards dealt at random (the bot's real play may differ) and what
    the person has seen of this bot's Wild Draw Fours; each number of that
    record can be counted in the log the person reads.  With bots that never
    bluff the bold verdict is that a challenge fails."""
    from uno_nb.widgets.odds_challenge import challenge_reasoning
    app = facing_bot_3("caught", lang)
    game = app.game
    reasoning = challenge_reasoning(game, game.view(ME), lang)
    # as plain() reads them: a number's narrow no-break spaces (2 730) read as spaces
    count = [" ".join(line.split()) for line in (reasoning.rule, reasoning.count,
                                                 reasoning.expect, reasoning.verdict)]
    box = [ASSUMES[lang], *SCENES["caught"][3][lang], SETTING["often"][lang]]
    assert paragraphs(app._work_out.value) == [*count, *box]
    bold = re.findall(r'<p style="[^"]*font-weight:bold">(.*?)</p>', app._work_out.value)
    assert [plain(b) for b in bold] == count[-1:]
    # the whole log the person reads: Bot 3's two Wild Draw Fours and the one
    # challenge, which caught a bluff (the 4 cards Bot 3 drew are not named)
    assert log_lines(app) == {
        "en": ["Player 1 (you) plays Red 1", "Bot 2 plays Red 4",
               "Bot 3 plays Wild Draw Four and chooses blue",
               "Player 1 (you) challenges: Bot 3 held red - a bluff! Bot 3 draws 4",
               "Bot 3 draws 4 cards", "Player 1 (you) plays Blue 4", "Bot 2 plays Blue 1",
               "Bot 3 plays Wild Draw Four and chooses green"],
        "ru": ["Игрок 1 (вы) кладёт карту: красная 1", "Бот 2 кладёт карту: красная 4",
               "Бот 3 кладёт карту: дикая +4 (новый цвет: синий)",
               "Игрок 1 (вы) оспаривает ход: Бот 3 блефует — цвет был красный, и карты этого "
               "цвета на руке есть! Бот 3 берёт 4 карты",
               "Бот 3 берёт 4 карты", "Игрок 1 (вы) кладёт карту: синяя 4",
               "Бот 2 кладёт карту: синяя 1",
               "Бот 3 кладёт карту: дикая +4 (новый цвет: зелёный)"]}[lang]
    # bots that never bluff: the count's verdict is said, then that a challenge fails
    never = facing_bot_3("caught", lang, bluff="never")
    said = paragraphs(never._work_out.value)
    assert said[:4] == count
    assert said[4] == " ".join(text("play.work_out.verdict_never", lang, pending=4,
                                    cost=6).split())
    assert said[5:] == [*box[:-1], SETTING["never"][lang]]


def swap_hidden_hand(game: Game, seat: int) -> None:
    """Give ``seat`` as many other cards from the draw pile (its own go to
    the pile): of the colour in force when it played its last Wild Draw Four
    exactly when the real hand held none, so the truth of a bluff turns."""
    colour = game.view(ME).challengeable[1]
    hand, pile = game.hands[seat], game.draw_pile
    held = any(c.colour == colour for c in hand)
    of_colour = [c for c in pile if c.colour == colour]
    others = [c for c in pile if c.colour != colour and c not in hand]
    new = (others if held else of_colour[:1] + others)[:len(hand)]
    assert len(new) == len(hand) and Counter(new) != Counter(hand)
    total = game.card_count()
    for card in new:
        pile.remove(card)
    pile.extend(hand)
    hand[:] = new
    assert game.card_count() == total
    assert any(c.colour == colour for c in game.hands[seat]) is not held
    # and the engine's own record of the play (what a challenge would reveal) turns too
    accused, before, guilty = game._w4
    game._w4 = (accused, before, not guilty)


@pytest.mark.parametrize("scene", list(SCENES))
def test_R_CHALLENGE_a_hidden_hand_cannot_change_a_word_of_the_panel(scene):
    """Only what the table saw counts: Bot 3's hand, swapped for as many
    other cards — a bluff made fair or a fair card made a bluff — changes no
    word of the work-out panel, of bot_record, or of anything else the page
    shows the person, in either language."""
    for lang in ("en", "ru"):
        app = facing_bot_3(scene, lang)
        game = app.game
        before = (app._work_out.value, visible(app, end_panel=False),
                  bot_record(game, ACCUSED, lang, "often"))
        hand = list(game.hands[ACCUSED])
        swap_hidden_hand(game, ACCUSED)
        assert sorted(c.text for c in game.hands[ACCUSED]) != sorted(c.text for c in hand)
        app._render()
        after = (app._work_out.value, visible(app, end_panel=False),
                 bot_record(game, ACCUSED, lang, "often"))
        assert after == before


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

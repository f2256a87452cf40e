"""The text table (uno_nb.texts): every event kind has its sentence there, the
log names every rule that takes effect, readers see only the cards they may
see, and the table itself is sound (placeholders, plural forms)."""

from __future__ import annotations

import re
import string
from collections import Counter
from pathlib import Path

import pytest

from uno_nb import Game, RuleSet, texts
from uno_nb.engine import events
from uno_nb.engine.cards import parse_card
from uno_nb.sim.simulation import play_game
from uno_nb.texts import TABLE, placeholders, sentence, text

from tests.helpers import imported_names, texts as log_lines
from tests.reading import RULE_ID

ROOT = Path(__file__).resolve().parent.parent

#: Rules that take effect (Game.fired counts them) without an event of their
#: own, and why: the log names the more precise rule instead.
NOT_LOGGED = {
    "R-CHALLENGE": "a challenge's event names its outcome: R-CHALLENGE-GUILTY(-STD) "
                   "or R-CHALLENGE-INNOCENT",
    "R-W4-BLUFF": "a bluff is secret: the log says so only when a challenge exposes it",
    "T-UNO-CATCH": "a catch's event names the penalty it costs: R-UNO or V-UNO-PENALTY-4",
}
#: Rules that never happen as an event: what the deck is, what is allowed or
#: refused (a refused move changes nothing, so it logs nothing).
NEVER_AN_EVENT = {
    "R-BLANK": "the blank cards are not in play", "R-DECK": "the deck's make-up",
    "R-PLAYERS": "how many may play", "R-VALUES": "card values (the Scored event counts them)",
    "R-OPEN-HANDS": "hands are shown at the end of a round", "R-DRAW-ANYTIME": "a permission",
    "R-DRAW-NO-ANSWER": "the absence of an answer", "R-W4-LEGAL": "a refusal",
    "V-FORCE-PLAY": "a refusal",
}

LINEUPS = [["heuristic"] * 4, ["random-greedy"] * 3, ["random"] * 5, ["heuristic"] * 2]


def _rule_sets():
    """Every preset, every option switched on alone over standard, and the
    fuzz's random combinations: together they make every rule take effect."""
    from tests.test_fuzz import VALID
    sets = [RuleSet.preset(name) for name in ("standard", "cnuno", "party")]
    for info in RuleSet.options():
        for value in info.choices or ():
            try:
                sets.append(RuleSet().replace(**{info.name: value}))
            except Exception:  # an option that needs another one (refused alone)
                pass
    sets += [RuleSet(h2o=True, scoring="penalty"), RuleSet(stack=True, stack_mixed=True),
             RuleSet(silent_twos=True, silent_black=True), RuleSet(seven_rounds=True),
             RuleSet(jump_in=True, doubles=True)]
    return sets + VALID[:60]


@pytest.fixture(scope="module")
def corpus():
    """Seeded games with their event logs, under many rule sets."""
    games = []
    for i, rules in enumerate(_rule_sets()):
        for k in range(2):
            lineup = LINEUPS[(i + k) % len(LINEUPS)]
            _, game = play_game(rules, lineup, seed=1000 * i + k, max_rounds=2,
                                max_turns=600, record=True)
            games.append(game)
    return games


def test_every_event_kind_renders_a_sentence_from_the_table(corpus):
    seen = Counter()
    for game in corpus:
        for event in game.events:
            key = event.text_key()
            assert key in TABLE["en"], f"{event.kind} has no sentence {key!r}"
            for viewer in (None, 0):
                said = game.event_text(event, viewer=viewer)
                assert said and "{" not in said and "\n" not in said, (key, said)
            seen[event.kind] += 1
    # the misplay notes need an illegal move; the rest comes from the corpus
    missing = {kind.__name__ for kind in events.KINDS} - set(seen)
    assert not missing, f"no game of the corpus logged {sorted(missing)}"


def _misplays():
    """V-MISPLAY-PENALTY needs wrong moves, which bots never make."""
    games = []
    for move in ("0:B9", "1:uno", "2:catch 1"):
        game = Game.from_position(RuleSet(misplay_penalty=True), hands=["R1 R2 B9", "Y1 Y2", "G1 G2"],
                                  discard="R5", draw_pile="Y5 Y6 Y7 Y8 Y9")
        game.push(move)
        games.append(game)
    return games


def _lone_zero():
    """V-DROP-ZERO needs a loser left with a single 0, which the corpus's
    seeded games meet only now and then (its seeds follow the options' order)."""
    game = Game.from_position(RuleSet(drop_zero=True), hands=["R3", "B0", "G1 G0"], discard="R5")
    game.push("0:R3")
    return game


def test_every_rule_that_takes_effect_is_named_by_an_event(corpus):
    fired, logged = set(), set()
    for game in corpus + _misplays() + [_lone_zero()]:
        fired |= {rule for rule, count in game.fired.items() if count}
        logged |= {event.rule for event in game.events if event.rule}
    documented = set(RULE_ID.findall((ROOT / "docs/rules.md").read_text()))
    assert fired | logged <= documented, f"not in docs/rules.md: {sorted((fired | logged) - documented)}"
    silent = fired - logged
    assert silent <= set(NOT_LOGGED), f"rules that act without a log line: {sorted(silent - set(NOT_LOGGED))}"
    # Every documented rule is accounted for: it took effect and was logged in
    # the corpus, or it is one that never happens as an event.
    assert documented - set(NEVER_AN_EVENT) == fired | logged, \
        sorted(documented - set(NEVER_AN_EVENT) - fired - logged)
    assert not set(NEVER_AN_EVENT) & (fired | logged)
    for game in _misplays():
        assert game.events[-2].rule == "V-MISPLAY-PENALTY" and "draws 2" in game.log()[-2]


def test_every_rule_id_has_a_name_for_the_log():
    documented = set(RULE_ID.findall((ROOT / "docs/rules.md").read_text()))
    for rule in documented:
        assert f"rule.{rule}" in TABLE["en"], rule
        assert texts.rule_name(rule).endswith(f"({rule})")


def test_every_sentence_key_the_engine_names_is_in_the_table():
    source = "".join(p.read_text() for p in (ROOT / "uno_nb" / "engine").rglob("*.py"))
    keys = set(re.findall(r'ev\.note\("([\w.]*\w)"', source))
    keys |= set(re.findall(r'(?:self|g)\._note\("[A-Z0-9-]+", "([\w.]*\w)"', source))
    keys |= set(re.findall(r'_table_penalty\(p, "[A-Z0-9-]+", "([\w.]*\w)"', source))
    assert len(keys) >= 15  # (fewer as typed events take over from notes: cards that move)
    for key in keys:
        assert f"event.{key}" in TABLE["en"], key


def test_the_log_names_the_house_rule_at_work_V_STACK(pos):
    game = pos(["R+2 R1", "Y+2 B1", "G1 G2", "B2 B3"], discard="R5",
               rules=RuleSet(stack=True, stack_mixed=True))
    game.push("0:R+2")
    game.push("1:Y+2")
    stacked = game.events[-1]
    assert stacked.rule == "V-STACK" and stacked.text_values()["count"] == 4
    assert game.event_text(stacked) == ("Stacking: Player 2 adds Yellow Draw Two to the pile "
                                         "of draw cards, which now holds 4 cards for Player 3")
    game.push("2:draw")
    drew = [e for e in game.events if isinstance(e, events.Drew)][-1]
    assert drew.rule == "V-STACK" and len(drew.cards) == 4


def test_a_bluff_shows_only_when_challenged_R_W4_BLUFF(pos):
    game = pos(["R3 W+4", "B1 B2", "G1 G2"], discard="R5")
    game.push("0:W+4>G")
    assert [e.rule for e in game.last_events()] == ["R-W4"]


def test_cards_as_words_for_people_and_as_codes_for_tests(pos):
    game = pos(["RS R1", "B1 B2", "G1 G2"], discard="R5")
    game.push("0:RS")
    assert game.log()[-2:] == ["Player 1 plays Red Skip", "Player 2 is skipped"]
    assert log_lines(game, 2) == ["P0 plays RS", "P1 is skipped"]


def test_a_reader_never_sees_another_players_drawn_cards(pos):
    game = pos(["R1 R2", "B1 B2", "G1 G2"], discard="Y5", draw_pile="W+4 G7")
    game.push("0:draw")
    drew = game.events[-1]
    assert game.event_text(drew) == "Player 1 draws a card (Wild Draw Four)"
    assert game.event_text(drew, viewer=0) == "Player 1 draws a card (Wild Draw Four)"
    assert game.event_text(drew, viewer=1) == "Player 1 draws a card"
    assert "W+4" not in game.event_text(drew, viewer=2, codes=True)


def test_the_card_exchange_is_seen_by_its_two_players_only_V_SWAP_FIVE(pos):
    game = pos(["R5 R1 R2", "B1 B2", "G1 G2"], discard="R7", rules=RuleSet(swap_five=True))
    game.push_many(["0:R5", "0:swap 1", "0:give R1", "1:give B2"])
    done = game.events[-1]
    assert done.rule == "V-SWAP-FIVE"
    assert game.event_text(done, viewer=1) == "Player 1 gives Red 1 and gets Blue 2 from Player 2"
    assert game.event_text(done, viewer=2) == "Player 1 gives Player 2 a card and gets one back"


def test_players_are_numbered_from_one_and_may_have_names():
    game = Game("standard", 3, seed=4)
    assert game.names == ("Player 1", "Player 2", "Player 3")
    named = Game("standard", 3, seed=4, names=["Ann", "Bo", "Cy"])
    assert named.log()[1].startswith("Round 1: ") and " deals 7 cards" in named.log()[1]
    assert any(name in named.log()[1] for name in ("Ann", "Bo", "Cy"))


def test_annotations_are_data_rendered_by_the_table():
    game = Game("standard", 3, seed=1)
    event = events.UnoCaught(2, 0, 2, rule="R-UNO",
                             note={"key": "race", "times": [[2, 0.81], [1, 1.2]]})
    assert game.event_text(event) == ('Player 3 catches Player 1 without "UNO!": Player 1 draws 2 '
                                      "(fastest of 2: Player 3 0.81 s, Player 2 1.20 s)")


@pytest.mark.parametrize("lang", sorted(TABLE))
def test_every_template_formats_with_its_own_placeholders(lang):
    for key, template in TABLE[lang].items():
        values = {}
        for name in placeholders(template):
            values[name] = 3
        said = text(key, lang, **values)
        assert "{" not in said and "}" not in said, key
        # a plural field has one form per plural category of the language
        for field in re.finditer(r"\{(\w+)\|([^{}]*)\}", template):
            assert len(field.group(2).split("|")) == texts.PLURAL_FORMS[lang], key


def test_plural_forms_follow_the_number():
    assert text("cards.count", count=1) == "1 card"
    assert text("cards.count", count=0) == "0 cards"
    assert texts.plural_form("ru", 22, ["карту", "карты", "карт"]) == "карты"
    assert texts.plural_form("ru", 12, ["карту", "карты", "карт"]) == "карт"


def test_a_key_missing_from_the_table_is_an_error_not_a_silent_blank():
    with pytest.raises(texts.TextError):
        text("event.no_such_thing")


def test_card_names_for_every_card():
    from uno_nb.engine.cards import ALL_CARDS
    names = {texts.card_name(card) for card in ALL_CARDS}
    assert len(names) == len(ALL_CARDS)  # every card has its own name
    assert texts.card_name(parse_card("G+2")) == "Green Draw Two"
    assert texts.card_name(parse_card("W"), colour=2) == "Wild → green"
    assert all("_" not in name and not RULE_ID.search(name) for name in names)
    assert string.Formatter  # (formatter used by text(); imported for clarity)


def test_the_table_reads_cards_and_colours_as_the_engine_makes_them():
    # the table knows colours by their number and cards by their shape (it
    # imports nothing of the engine): both must agree with the engine's
    from uno_nb.engine.cards import ALL_CARDS, Colour
    assert texts.COLOUR_WORDS == tuple(c.name.lower() for c in Colour)
    assert [texts.card_code(parse_card("W"), c) for c in Colour] == [f"W>{c.letter}" for c in Colour]
    assert all(isinstance(card, texts.CardLike) for card in ALL_CARDS)
    assert all(isinstance(c, texts.ColourLike) for c in Colour)
    assert not isinstance(2, texts.ColourLike) and not isinstance(True, texts.ColourLike)
    assert texts.colour_name(Colour.BLUE) == texts.colour_name(3) == "blue"
    with pytest.raises(ValueError):
        texts.colour_name(4)


def test_option_words_are_those_the_rule_switches_show():
    # refusal_text names the options without RuleSet: the same words as OptionInfo's
    for info in RuleSet.options():
        for lang in texts.LANGS:
            assert texts.option_label(info.name, lang) == info.label(lang)
            values = info.choices or ((True, False) if info.kind is bool else (info.default,))
            for value in values:
                assert texts.option_choice(info.name, value, lang) == info.choice(value, lang)


def test_the_table_imports_nothing_of_the_layers_above_it():
    # texts is the bottom layer: the engine, the simulations, the kernel, the
    # apps all read it, and it reads none of them (nor uno_nb itself, whose
    # __init__ imports the engine), not even for the type checker
    files = sorted((ROOT / "uno_nb" / "texts").rglob("*.py"))
    assert len(files) > 10
    outside = {path.name: sorted(name for name in imported_names(path)
                                 if name.split(".")[0] == "uno_nb"
                                 and not name.startswith("uno_nb.texts."))
               for path in files}
    assert {name: found for name, found in outside.items() if found} == {}
    # (the scan sees relative imports: numbers.py's "from . import text")
    assert "uno_nb.texts.text" in imported_names(ROOT / "uno_nb" / "texts" / "numbers.py")


def test_an_english_fallback_keeps_english_plural_forms():
    # a key a language does not have yet is English, English forms included
    assert text("cards.count", "xx", count=21) == "21 cards"
    from uno_nb.texts import TABLE as table
    if "ru" in table:  # once there is a Russian table, its own forms
        assert text("cards.count", "ru", count=21).startswith("21 ")


@pytest.mark.parametrize("scoring, rule", [("winner", "R-SCORE-WINNER"),
                                           ("penalty", "V-SCORE-PENALTY"), ("lazy", "V-LAZY")])
def test_the_end_of_the_game_names_the_scoring_rule_that_decided_it(scoring, rule):
    rules = RuleSet(scoring=scoring, target_score=100)
    _, game = play_game(rules, ["heuristic"] * 3, 4, max_rounds=3, record=True)
    won = game.events[-1]
    assert isinstance(won, events.GameWon) and won.rule == rule
    if scoring == "lazy":
        assert "the most rounds won" in game.event_text(won)


def test_a_mixed_stack_is_drawn_under_V_STACK_MIXED(pos):
    game = pos(["R+2 R1", "W+4 B1", "G1 G2"], discard="R5",
               rules=RuleSet(stack=True, stack_mixed=True))
    game.push_many(["0:R+2", "1:W+4>G", "2:draw"])
    drew = [e for e in game.events if isinstance(e, events.Drew)][-1]
    assert len(drew.cards) == 6 and drew.rule == "V-STACK-MIXED"
    assert game.events[-1].rule == "V-STACK-MIXED"  # and skipped for it


def test_a_hidden_event_names_no_single_card_either():
    event = events.CardsExchanged(0, 1, parse_card("R1"), parse_card("B2"), rule="V-SWAP-FIVE")
    assert "Red 1" in sentence(event, viewer=0)
    assert "Red 1" not in sentence(event, viewer=2) and "Blue 2" not in sentence(event, viewer=2)


# -- the Russian table (issue 11) ---------------------------------------------------------

def _words_of(template: str) -> str:
    """What a template says in words: placeholders, rule ids, card codes and
    the kit's name removed (they are the same in every language)."""
    from tests.reading import without_notation
    bare = re.sub(r"\{[^{}]*\}|--[\w-]+", " ", template)  # and command-line options
    return re.sub(r"[^\w]|\d|_", " ", without_notation(bare)).strip()


def test_both_tables_have_the_same_keys_and_placeholders():
    assert texts.LANGS == ("en", "ru")
    en, ru = TABLE["en"], TABLE["ru"]
    assert sorted(en.keys() - ru.keys()) == [], "keys missing in Russian"
    assert sorted(ru.keys() - en.keys()) == [], "keys only in Russian"
    wrong = {key: (placeholders(en[key]), placeholders(ru[key]))
             for key in en if placeholders(en[key]) != placeholders(ru[key])}
    assert wrong == {}


def test_no_russian_entry_is_its_english_one_unless_it_has_no_words():
    same = {key: value for key, value in TABLE["ru"].items() if value == TABLE["en"][key]}
    assert {key: value for key, value in same.items() if _words_of(value)} == {}
    # what may be the same: digits, codes, rule ids and bare placeholders
    assert TABLE["ru"]["rank.7"] == "7" and "card.wild_colour" in same


#: Russian entries that are rightly not in Russian: the language switch
#: names the other language in its own words ("English" on a Russian page).
NOT_RUSSIAN = {"page.header.switch"}


def test_russian_entries_are_written_in_russian():
    from tests.reading import cyrillic_share, english_words
    for key, value in TABLE["ru"].items():
        words = _words_of(value)
        if words and key not in NOT_RUSSIAN:
            assert cyrillic_share(words) >= 0.75, (key, value)
            assert english_words(words) == [], (key, value)


def test_russian_plural_forms_agree_with_the_number():
    said = [text("cards.count", "ru", count=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    endings = [s.split()[-1] for s in said]
    assert endings[0] == endings[4] and endings[1] == endings[5] and endings[2] == endings[3] == endings[6]
    assert len({endings[0], endings[1], endings[2]}) == 3, said


def test_russian_card_names():
    from uno_nb.engine.cards import ALL_CARDS
    # lower case, as inside a sentence («кладёт карту: красная 7»); the adjective agrees
    # with the word read aloud: «красная 7» is «красная семёрка», «красный 0» «красный ноль»
    assert texts.card_name(parse_card("R7"), "ru") == "красная 7"
    assert texts.card_name(parse_card("R0"), "ru") == "красный 0"
    assert texts.card_name(parse_card("BS"), "ru") == "синяя карта «Пропуск хода»"
    assert texts.card_name(parse_card("W+4"), "ru", colour=2) == "дикая +4 → зелёный"
    # where a name begins a text, the text gives it its capital
    assert texts.text("play.card.playable", "ru", card="красная 7").startswith("Красная 7 — ")
    assert texts.after_colon("В колоде 108 карт.", "ru") == "в колоде 108 карт."
    assert texts.after_colon("Игрок 2.", "ru") == "Игрок 2."
    assert texts.after_colon("A hand", "en") == "A hand"
    names = {texts.card_name(card, "ru") for card in ALL_CARDS}
    assert len(names) == len(ALL_CARDS)
    from tests.reading import cyrillic_share
    assert all(cyrillic_share(name) == 1.0 for name in names if _words_of(name))
    # the codes stay the same in every language: saved games and moves are portable
    assert texts.card_code(parse_card("W+4"), 2) == "W+4>G"


def test_every_event_reads_in_russian(corpus):
    from tests.reading import cyrillic_share, english_words
    for game in corpus[::3]:
        for event in game.events:
            said = game.event_text(event, "ru")
            assert "{" not in said and cyrillic_share(said) > 0.8 and not english_words(said), said
            assert not re.search(r"\d\.\d", said), said  # a decimal comma in Russian
            assert game.event_text(event, "ru", codes=True)  # the codes view renders too


#: How a confidence interval is misread: as holding the true value with a
#: probability of 95% (it is the way of building intervals that is right 95
#: times in 100; a given interval holds the value or it does not).
MISREADINGS = [re.compile(p, re.IGNORECASE) for p in (
    r"с\s+вероятностью\s+95", r"вероятность[^.]{0,40}лежит в (этих|этом) предел",
    r"95\s*(%|per ?cent)\s+(chance|probability)", r"probability\s+(of\s+)?95",
    r"with\s+95\s*%\s+(certainty|confidence)\s+the\s+true")]


def test_no_sentence_says_an_interval_holds_the_true_value_with_a_probability():
    from pathlib import Path
    import json
    said = [(f"texts {lang}:{key}", value) for lang in texts.LANGS
            for key, value in TABLE[lang].items()]
    root = Path(__file__).resolve().parent.parent
    for notebook in sorted(root.glob("notebooks/**/*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            said.append((str(notebook.relative_to(root)), "".join(cell["source"])))
    for page in sorted(root.glob("docs/**/*.md")):
        said.append((str(page.relative_to(root)), page.read_text(encoding="utf-8")))
    wrong = [(where, m.group(0)) for where, words in said for pattern in MISREADINGS
             for m in [pattern.search(words.replace("\u00a0", " "))] if m]
    assert wrong == []

"""The class's results as a CSV for a spreadsheet (uno_nb.classexport): one
column per field under titles in the page's language, local ISO times,
questions and choices in words, players named from 1, numbers a spreadsheet
reads, no cell a spreadsheet would run, and any row exported."""

from __future__ import annotations

import ast
import csv
import io
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from uno_nb import classexport, lessons
from uno_nb.classboard import Result
from uno_nb.classexport import COLUMNS, csv_bytes, guard, write_csv
from uno_nb.texts import TABLE, text
from uno_nb.wording import choice_words, question_words

from tests.reading import assert_learner_prose, cyrillic_share, english_words

ROOT = Path(__file__).resolve().parent.parent
#: Moscow's time: three hours ahead of UTC, no summer time.
MSK = timezone(timedelta(hours=3))
#: 2026-12-05 06:31:02 UTC, 09:31:02 in Moscow.
AT = 1796452262
CODE = "K7Q2M"
LANGS = ("en", "ru")
#: Nicknames a spreadsheet would run as a formula if written as typed.
FORMULAS = ["=1+2", " =1+2", "＝1+2", "x; =1+2", "x,＋SUM(A1)", "@cmd", "-2+3", "+7", "\t=1",
            "a,b;  -1", "＠x", "﹦1"]
SIGNS = tuple("=+-@\t\r")


def result(kind, item, value, detail, *, id=1, student="s1", nickname=None, at=AT):
    return Result(id, CODE, student, nickname, kind, item, value, detail, at)


#: One row of each kind, as the pages write them.
PREDICTION = result("prediction", "odds.no_wild", 57.4,
                    {"outcome": "wrong", "tries": 1, "page": "02"})
CHOICE = result("prediction", "odds.red_three", 1.0, {"outcome": "right", "tries": 2, "page": "02"},
                at=AT + 8)
SEAT_CHOICE = result("prediction", "rules.stack_who", 0.0,
                     {"outcome": "shown", "tries": 2, "page": "01"}, at=AT + 9)
REVEALED = result("prediction", "play.pile_after_deal", None,
                  {"outcome": "shown", "tries": 0, "page": "05"}, at=AT + 10)
HAND = result("hand", "wild:7", 100.0, {"seed": 3, "start": 100, "counts": {"0": 57, "1": 43}},
              at=AT + 20)
CHALLENGE = result("challenge", "play", 1.0,
                   {"challenged": True, "answer": "challenge", "drew": 0, "guilty": True},
                   at=AT + 30)
TAKEN = result("challenge", "play", 0.0,
               {"challenged": False, "answer": "take", "drew": 4, "guilty": None}, at=AT + 31)
PASSED = result("challenge", "play", 0.0,
                {"challenged": False, "answer": "play", "drew": 0, "guilty": None}, at=AT + 32)
LOST = result("game", "play", 0.0, {"winner": 2, "turns": 41, "players": 3, "seed": 12},
              at=AT + 40)
WON = result("game", "play", 1.0, {"winner": 0, "turns": 35, "players": 3, "seed": 13},
             at=AT + 41)
LAB = result("lab", "run", 2000.0,
             {"a": "standard", "b": "custom", "players": 4, "bots": "heuristic", "seed": 0,
              "turns_a": 56.4567, "turns_b": 49.1}, at=AT + 50)
ROWS = [PREDICTION, CHOICE, SEAT_CHOICE, REVEALED, HAND, CHALLENGE, TAKEN, PASSED, LOST, WON, LAB]


def exported(rows, lang, zone=MSK):
    """The file's bytes, and its rows read back as a spreadsheet would."""
    data = csv_bytes(rows, lang, zone=zone)
    delimiter = ";" if lang == "ru" else ","
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""),
                            delimiter=delimiter))
    return data, table


def by_column(table):
    """The data rows as dicts by column key."""
    return [dict(zip(COLUMNS, row)) for row in table[1:]]


# -- the shape of the file ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_header_in_the_pages_language_and_one_column_per_field_on_every_row(lang):
    data, table = exported(ROWS, lang)
    assert data.startswith(b"\xef\xbb\xbf") and not data[3:].startswith(b"\xef\xbb\xbf")
    header = table[0]
    assert header == [text(f"export.col.{column}", lang) for column in COLUMNS]
    assert header[:2] == (["No.", "Time"] if lang == "en" else ["№", "Время"])
    assert len(set(header)) == len(header)
    assert len(table) == 1 + len(ROWS)
    assert {len(row) for row in table} == {len(COLUMNS)}
    assert [row[0] for row in table[1:]] == [str(n) for n in range(1, len(ROWS) + 1)]
    # one field per column: a row of one kind leaves the others' columns empty
    rows = by_column(table)
    assert rows[0]["hands"] == rows[0]["winner"] == rows[0]["rules_a"] == ""
    assert rows[4]["answer"] == rows[4]["winner"] == ""


def test_the_delimiter_follows_the_decimal_sign_and_the_file_is_utf8_with_a_bom():
    en, ru = csv_bytes(ROWS, "en"), csv_bytes(ROWS, "ru")
    assert classexport.delimiter("en") == "," and classexport.delimiter("ru") == ";"
    assert en.decode("utf-8-sig").splitlines()[0].count(",") >= len(COLUMNS) - 1
    first = ru.decode("utf-8-sig").splitlines()[0]
    assert first.count(";") == len(COLUMNS) - 1 and first.startswith("№;Время;")
    assert ru.startswith("\ufeff".encode()) and "Ответ на вопрос".encode() in ru
    # written to a text stream: the mark is its first character, once
    out = io.StringIO()
    assert write_csv(ROWS, out, "ru", zone=MSK) == len(ROWS)
    assert out.getvalue().count("\ufeff") == 1 and out.getvalue()[0] == "\ufeff"
    out = io.StringIO()
    assert write_csv(iter(ROWS), out, "en", bom=False) == len(ROWS)  # rows as they are read
    assert out.getvalue().startswith("No.,")


@pytest.mark.parametrize("lang", LANGS)
def test_times_are_iso_8601_local_times_with_their_offset(lang):
    _, table = exported(ROWS, lang)
    rows = by_column(table)
    assert rows[0]["time"] == "2026-12-05T09:31:02+03:00"
    _, table = exported(ROWS, lang, zone=timezone.utc)
    assert by_column(table)[0]["time"] == "2026-12-05T06:31:02+00:00"
    # the computer's own zone by default: the same moment, with its offset
    _, table = exported(ROWS, lang, zone=None)
    for row, kept in zip(by_column(table), ROWS):
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", row["time"])
        assert datetime.fromisoformat(row["time"]).timestamp() == kept.at


# -- the words ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_questions_and_choices_in_the_pages_language(lang):
    rows = by_column(exported(ROWS, lang)[1])
    number, choice, seat, revealed = rows[:4]
    for row, kept in zip(rows[:4], ROWS):
        assert row["question"] == question_words(lessons.question(kept.item), "ask", lang)
        assert row["kind"] == text("export.kind.prediction", lang)
    q = lessons.question("odds.red_three")
    assert choice["answer"] == choice_words(q, q.choices[1], lang)
    assert choice["answer"] == ("Exactly three red cards" if lang == "en" else "Ровно три красные")
    assert number["answer"] == ("57.4" if lang == "en" else "57,4")  # the language's decimal sign
    assert number["page"] == ("02 · Card odds" if lang == "en" else "02 · Вероятности в картах")
    assert seat["page"] == text("page.title.01_rules_step_by_step", lang)
    assert revealed["page"] == text("page.title.05_play_against_bots", lang) and revealed["answer"] == ""
    outcomes = {"en": ("wrong", "right", "shown the answer"),
                "ru": ("неверно", "верно", "ответ показан")}[lang]
    assert (number["outcome"], choice["outcome"], seat["outcome"]) == outcomes
    assert (number["tries"], choice["tries"], revealed["tries"]) == ("1", "2", "0")


@pytest.mark.parametrize("lang", LANGS)
def test_players_are_named_as_on_the_page_from_1(lang):
    rows = by_column(exported(ROWS, lang)[1])
    seat_choice, lost, won = rows[2], rows[8], rows[9]
    player, bot = ("Player", "Bot") if lang == "en" else ("Игрок", "Бот")
    assert seat_choice["answer"] == f"{player} 1"  # choice p1: seat 0
    assert won["winner"] == f"{player} 1"  # the student
    assert lost["winner"] == f"{bot} 3"  # seat 2, as the play page names it
    assert (lost["turns"], lost["players"], lost["seed"]) == ("41", "3", "12")
    assert lost["page"] == won["page"] == text("page.title.05_play_against_bots", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_hands_challenges_and_lab_runs_in_words_and_numbers(lang):
    rows = by_column(exported(ROWS, lang)[1])
    hand, challenged, taken, passed, lab = rows[4], rows[5], rows[6], rows[7], rows[10]
    assert hand["question"] == {
        "en": "Hands of 7 cards, counting Wild cards (Wild and Wild Draw Four)",
        "ru": "Руки по 7 карт, считали: Дикие карты (дикая карта и дикая +4)"}[lang]
    assert (hand["hands"], hand["seed"], hand["first_hand"], hand["none"]) == \
        ("100", "3", "101", "57")
    words = {"en": ("challenged", "took the cards", "passed the penalty on", "yes"),
             "ru": ("оспорить", "взять карты", "передать штраф дальше", "да")}[lang]
    assert (challenged["decision"], taken["decision"], passed["decision"],
            challenged["bluff"]) == words
    assert taken["bluff"] == passed["bluff"] == ""  # no challenge, no bluff to catch
    assert (challenged["drawn"], taken["drawn"]) == ("0", "4")
    assert lab["rules_a"] == text("preset.standard", lang)
    assert lab["rules_b"] == text("rules.custom", lang)
    assert lab["bots"] == text("lab.bot.heuristic", lang)
    assert (lab["games"], lab["players"], lab["seed"]) == ("2000", "4", "0")
    point = "." if lang == "en" else ","
    assert (lab["turns_a"], lab["turns_b"]) == (f"56{point}46", f"49{point}1")


@pytest.mark.parametrize("lang", LANGS)
def test_every_cell_reads_as_words_for_a_teacher(lang):
    rows = by_column(exported(ROWS, lang)[1])
    said = [value for row in rows for column, value in row.items()
            if value and column not in ("student", "nickname", "class")]
    assert_learner_prose(said)  # no keys, reprs, long floats or a Player 0
    numbers = [value for row in rows for column, value in row.items()
               if column in ("tries", "hands", "seed", "first_hand", "none", "turns", "players",
                             "drawn", "games", "turns_a", "turns_b") and value]
    assert numbers and all(re.fullmatch(r"\d+([.,]\d+)?", value) for value in numbers)
    if lang == "ru":
        assert all("." not in value for value in numbers)
        words = [value for value in said if re.search(r"[^\W\d_]{2}", value)
                 and not re.fullmatch(r"[\d\-T:+]+", value)]
        for value in words:
            assert cyrillic_share(value) >= 0.75 and not english_words(value), value


def test_every_column_title_exists_in_both_languages():
    for lang in LANGS:
        titles = [TABLE[lang].get(f"export.col.{column}") for column in COLUMNS]
        assert all(titles), (lang, titles)
        assert len(set(titles)) == len(titles)
    en, ru = classexport.header("en"), classexport.header("ru")
    assert all(a != b for a, b in zip(en, ru))
    assert all(cyrillic_share(title) >= 0.75 for title in ru)
    for kind in classexport.DETAIL_FIELDS:
        assert f"export.kind.{kind}" in TABLE["en"] and f"export.kind.{kind}" in TABLE["ru"]
    for page in lessons.PAGES:  # the pages' titles, as the index names them
        assert classexport.page_title(page, "en").startswith(f"{page} · ")
        assert cyrillic_share(classexport.page_title(page, "ru")) == 1.0
    assert classexport.page_title("02", "ru") == "02 · Вероятности в картах"
    assert classexport.page_title("99") == "99" and classexport.page_title(None) is None


# -- no cell a spreadsheet would run -------------------------------------------------------------

def _starts(cell: str):
    """Where a spreadsheet could start a cell in ``cell``: its start, and
    after each ; or , (in NFKC form, spaces skipped)."""
    plain = unicodedata.normalize("NFKC", cell)
    return [part.lstrip(" ") for part in re.split(r"[;,]", plain)]


@pytest.mark.parametrize("lang", LANGS)
def test_no_cell_starts_a_formula_whatever_the_nickname(lang):
    rows = [result("hand", "wild:7", 10.0, {"seed": 1, "start": 0, "counts": {"1": 10}},
                   id=n, student=f"s{n}", nickname=name) for n, name in enumerate(FORMULAS)]
    rows.append(result("game", "play", 0.0, {"winner": 1}, student="-1", nickname="=cmd|' /C calc'!A0"))
    _, table = exported(ROWS + rows, lang)
    for row in table:
        for cell in row:
            assert not any(start.startswith(SIGNS) for start in _starts(cell)), (cell, row)
    nicknames = [row["nickname"] for row in by_column(table)[len(ROWS):]]
    # shown as typed, an apostrophe in front of each formula
    assert [name.replace("'", "") for name in nicknames[:len(FORMULAS)]] == \
        [name.replace("'", "") for name in FORMULAS]
    assert nicknames[:8] == ["'=1+2", "' =1+2", "'＝1+2", "x;' =1+2", "x,'＋SUM(A1)", "'@cmd",
                             "'-2+3", "'+7"]
    assert by_column(table)[-1]["student"] == "'-1"  # a student's id is text too


def test_guard_leaves_plain_text_and_numbers_alone():
    for plain in ("Ann", "Ann, Bo", "x; y", "57,4", "Дикая +4", "2 − 1", "a-b", "a=b", ""):
        assert guard(plain) == plain
    # a number the module writes is a number cell: never an apostrophe
    negative = result("prediction", "odds.no_wild", -2.0, {"outcome": "wrong", "tries": 1})
    rows = by_column(exported([negative], "en")[1])
    assert rows[0]["answer"] == "-2"
    assert classexport.number(-0.5, "ru") == "-0,5"


# -- any row is exported ------------------------------------------------------------------------

class OldRow:
    """A row as an older file might give it: fields missing or of other types."""

    kind = "game"
    code = CODE
    detail = "not a mapping"


MALFORMED = [
    result("mystery", "x", 3.0, {"page": "02"}),
    result("prediction", "odds.gone_now", 12.5, {"outcome": "odd", "tries": "two"}),
    result("prediction", "odds.red_three", 7.0, {}),  # a choice that is not one
    result("prediction", "", None, {"outcome": None, "page": 5}),
    result("hand", "wild", "many", {"seed": "x", "start": -4, "counts": [1, 2]}),
    result("hand", "nothing:seven", 10.0, {"counts": {"0": "lots"}}),
    result("hand", ":", None, {}),
    result("challenge", "play", None, {"answer": 3, "drew": 2.5, "guilty": "yes"}),
    result("challenge", "play", 1.0, {"challenged": True}),
    result("game", "play", 1.0, {"winner": None, "turns": float("inf"), "players": -3}),
    result("game", "play", 0.0, {"winner": "2", "seed": 1.5}),
    result("lab", "run", float("nan"), {"a": None, "b": 7, "turns_a": "long", "turns_b": True}),
    result("lab", "run", 10.0, {}, at=float("nan")),
    Result(2, None, 5, 7, None, None, None, None, None),  # type: ignore[arg-type]
    OldRow(),
]


@pytest.mark.parametrize("lang", LANGS)
def test_rows_of_unknown_kinds_or_malformed_details_still_export(lang):
    data, table = exported(MALFORMED, lang)
    assert len(table) == 1 + len(MALFORMED)
    assert {len(row) for row in table} == {len(COLUMNS)}
    rows = by_column(table)
    assert [row["row"] for row in rows] == [str(n) for n in range(1, len(MALFORMED) + 1)]
    mystery, gone, not_a_choice, _, hand, unknown_kind = rows[:6]
    # what can be read is written
    assert mystery["kind"] == "mystery" and mystery["page"] == text("page.title.02_card_odds", lang)
    assert mystery["time"] == "2026-12-05T09:31:02+03:00" and mystery["class"] == CODE
    assert gone["answer"] == ("12.5" if lang == "en" else "12,5") and gone["outcome"] == "odd"
    assert gone["tries"] == "" and gone["question"] == ""
    assert not_a_choice["answer"] == "7" and not_a_choice["question"]
    assert not_a_choice["page"] == text("page.title.02_card_odds", lang)
    assert hand["question"] == text("export.hands.any_size", lang, kind=text("odds.kind.wild", lang))
    assert hand["hands"] == hand["seed"] == hand["first_hand"] == hand["none"] == ""
    # a kind of card the table does not name, a size that is not a number
    assert unknown_kind["question"] == text("export.hands.any_size", lang, kind="nothing")
    assert unknown_kind["hands"] == "10" and unknown_kind["none"] == ""
    challenge, challenged = rows[7], rows[8]
    assert challenge["decision"] == "3" and challenge["drawn"] == challenge["bluff"] == ""
    assert challenged["decision"] == text("export.decision.challenge", lang)
    won, odd = rows[9], rows[10]
    assert won["winner"] == text("player.default", lang, number=1)  # its value says so
    assert won["turns"] == won["players"] == ""
    assert odd["winner"] == odd["seed"] == ""
    lab, no_time = rows[11], rows[12]
    assert lab["games"] == lab["rules_a"] == lab["turns_a"] == lab["turns_b"] == ""
    assert lab["rules_b"] == "7" and lab["page"] == text("page.title.04_house_rules_lab", lang)
    assert no_time["time"] == "" and no_time["kind"] == text("export.kind.lab", lang)
    empty, old = rows[13], rows[14]
    assert empty["student"] == "5" and empty["nickname"] == "7" and empty["class"] == ""
    assert old["class"] == CODE and old["kind"] == text("export.kind.game", lang)
    assert old["time"] == old["student"] == old["winner"] == ""


def test_nothing_at_all_is_a_header_alone():
    data, table = exported([], "ru")
    assert table == [classexport.header("ru")]
    assert write_csv([], io.StringIO()) == 0


# -- in step with the pages ------------------------------------------------------------------------

def _recorded():
    """Every ``record("<kind>", …, {details})`` call of the pages: kind -> the details' keys."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "uno_nb" / "widgets").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "record" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                keys = found.setdefault(node.args[0].value, set())
                if len(node.args) > 3 and isinstance(node.args[3], ast.Dict):
                    keys |= {k.value for k in node.args[3].keys if isinstance(k, ast.Constant)}
    return found


def test_every_row_the_pages_write_is_read_field_by_field():
    found = _recorded()
    assert set(found) == set(classexport.DETAIL_FIELDS) == {"prediction", "hand", "challenge",
                                                              "game", "lab"}
    for kind, keys in found.items():
        assert keys == classexport.DETAIL_FIELDS[kind], kind


def test_a_students_own_variant_is_exported_in_its_own_words():
    from uno_nb import lessons
    variant = 1  # a hand of 5 cards, not the page's 7
    row = Result(1, "K7Q2M", "s1", None, "prediction", "odds.no_wild", 60.0,
                 {"outcome": "wrong", "tries": 1, "page": "02", "variant": variant}, 0.0)
    out = io.StringIO()
    write_csv([row], out, "en")
    text = out.getvalue()
    size = lessons.question("odds.no_wild", variant).facts["size"]
    assert f"a hand of {size} cards" in text and "a hand of 7 cards" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_how_often_the_bots_bluffed_is_in_words_on_games_and_challenges(lang):
    """The play page records its "Bots bluff" setting on a game's row and a
    Wild Draw Four's: the teacher reads it in words; an older row without it
    leaves the cell empty, and a forged value is written as it is, never
    looked up in the text table."""
    rows = [result("game", "play", 1.0, {"winner": 0, "turns": 30, "players": 3, "seed": 5,
                                         "bluff": "often"}, id=1),
            result("challenge", "play", 1.0, {"challenged": True, "answer": "challenge",
                                              "drew": 0, "guilty": True, "bluff": "sometimes"},
                   id=2),
            result("challenge", "play", 0.0, {"answer": "take", "drew": 4}, id=3),
            result("game", "play", 0.0, {"winner": 1, "bluff": "tip"}, id=4)]
    game, challenged, older, forged = by_column(exported(rows, lang)[1])
    assert game["bots_bluff"] == text("play.bluff.often", lang)
    assert challenged["bots_bluff"] == text("play.bluff.sometimes", lang)
    assert older["bots_bluff"] == ""
    assert forged["bots_bluff"] == "tip"

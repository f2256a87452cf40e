"""Russian a teacher of mathematics would sign (issue 37, item 5): phrasings a
native reader flagged, and their like, never come back.

Every Russian text a learner or a teacher reads is scanned: the Russian half
of the text table, the Russian notebooks (markdown, the Russian string
literals of code cells, stored outputs), docs/*.ru.md, the teacher's pack in
Russian, the Russian lines of the README, and what the kit renders in Russian
(every card's name, the log of whole games, the lessons' questions with their
hints and worked answers, the apps' controls).  Each banned phrasing says why
and what to write instead.  Numbers the kit computes are written with a minus
sign (U+2212), never a hyphen.
"""

from __future__ import annotations

import ast
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from uno_nb.texts import TABLE, card_name
from uno_nb.texts.numbers import fmt_decimal, fmt_int, fmt_interval

ROOT = Path(__file__).resolve().parent.parent
MINUS = "\u2212"

#: (pattern, why and what to write instead).  Matched case-insensitively, on
#: the text with its no-break spaces made plain ones.
BANNED: list[tuple[str, str]] = [
    # the school terms, one way throughout
    (r"\bшанс", "the school term is «вероятность», not «шанс»"),
    (r"95-процентн\w*\s+интервал", "a «95-процентный доверительный интервал», not a bare «интервал»"),
    (r"95\s*%-?\w*\s+интервал", "a «95-процентный доверительный интервал»"),
    (r"и это не случайность|не объясняется случайностью|случайностью е[ёе] объяснить"
     r"|может быть случайностью|статистически достоверн",
     "the term is «(разница) статистически значима» / «статистически не значима»"),
    # one scheme for a round and a game: «раунд», «партия» (a game to 500 is a «партия» too)
    (r"\bматч", "a game of rounds is a «партия», as on every other page"),
    # agreement: a colour adjective agrees with «карта», which a card's quoted name needs
    (r"\b(красн|жёлт|желт|зелён|зелен|син)(ая|ий|яя|ую|юю|ой|ей|ого|его|ому|ему|ым|им)\s+«",
     "a colour before a quoted card name: «красная карта «Пропуск хода»»"),
    # adverbs where a noun wants an adjective («Скорость: обычная», «Темп ботов: медленный»)
    (r"(скорость|темп\w*)(\s+ботов)?\s*:\s*(медленно|обычно|быстро|мгновенно)\b",
     "the speed is a noun: «Скорость: обычная», «Темп ботов: медленный»"),
    # the question boxes
    (r"число раздач", "the answer is a number of hands: «число рук»"),
    (r"ответ набора", "«ответ», not «ответ набора»"),
    (r"пока нет:", "«Пока неверно», not a calque of “Not yet:”"),
    (r"—\s+не ответ(?!\s+на\b)", "a wrong number is still an answer: «Пока неверно: ответ не 1 000»"),
    (r"не больше 0\b|у остальных было не больше",
     "say who came next: «у ближайшего соперника — 20 очков»"),
    (r"у соперника она реже", "a probability decreases: «уменьшилась и вероятность, что …»"),
    (r"значит,\s+скоро придёт", "cards have no memory: nothing is “due”"),
    # the rules
    (r"\bпоследний 0|\bпоследний ноль", "V-DROP-ZERO is a lone zero: «единственный 0 на руке»"),
    (r"очки до конца партии", "«Партия заканчивается при счёте»"),
    (r"(?<!по)меня\w*\s+руки|поменя\w*\s+руками",
     "hands are not swapped as body parts: «поменяться картами»"),
    (r"нужно поддерживать", "a colour is not “supported”: «цвет, в который нужно ходить»"),
    (r"(оспор|оспар)\w*\s+(эту\s+|свою\s+|её\s+)?(карту|«дик)",
     "one challenges a move, not a card: «оспорить ход»"),
    (r"с места того, кто", "«с точки зрения того, кто …» or «по тому, что видит …»"),
    # the lab and the board
    (r"\bсда[её]т\s+(тысяч\w*|сотн\w*|\d[\d ]*)\s+парти", "games are played: «разыгрывает тысячи партий»"),
    (r"разницу сделали", "«причина в правилах», not “the rules made the difference”"),
    (r"\bначать новый класс|\bначните новый класс", "a class is opened: «Открыть новый класс»"),
    # a challenge is one thing by one name: the button says «Оспорить», so the rules, the
    # log and the lessons say «оспорить ход» / «оспаривание», never «проверка»
    (r"проверк\w*\s+на\s+(честность|блеф)|напрасн\w*\s+проверк|требу\w*\s+проверк"
     r"|(только|всегда|при|после)\s+проверк|проверк\w*\s+(всегда|показыва\w*|в среднем)",
     "a challenge is «оспаривание» («оспорить ход», «ход оспорили зря»), as on the button"),
    # card names live inside sentences in lower case; a capital comes from where a name
    # begins a text («Красная 7 — можно сыграть сейчас»), never from the name itself
    (r"(?-i:(?:[:,(—]|[а-яё]) (?:Красн|Жёлт|Желт|Зелён|Зелен|Син|Дик)"
     r"(?:ая|ую|ой|ей|яя|юю|ий|ый|ие)\s+(?:\d|карт|\+))",
     "a card's name inside a sentence is in lower case: «кладёт карту: жёлтая карта «+2»»"),
    (r"(красн|жёлт|желт|зелён|зелен)ая\s+0\b|синяя\s+0\b",
     "a zero is read «ноль», masculine: «красный 0» (and «красная 7» is «красная семёрка»)"),
    (r"(?-i:(?:Подсказка|Ответ)(?:\*\*)?:(?:\*\*)? +(?!Игрок \d)[А-ЯЁ](?![А-ЯЁ]))",
     "after a label's colon Russian goes on in lower case: «Ответ: короче.», «Подсказка: в колоде…»"),
    # colloquial or loose wording
    (r"\bвроде\b", "colloquial: «запись вида …», «решая, оспорить ли ход, …»"),
    (r"в гонке за тем", "say it plainly: «Помогает ли ему это первым избавиться от всех карт?»"),
    (r"интервал\w*(\s+\S+){0,3}\s+(не\s+)?включа\w*\s+(0|ноль)\b",
     "an interval «содержит 0» / «не содержит 0»"),
    (r"цвет\s+—\s+у\s+\d|попал\w*\s+ни\s+разу",
     "count cards, not a colour: «23 из них синего цвета», «нет ни одной карты синего цвета»"),
    (r"\(сначала\s+—", "a setting's starting value is «по умолчанию»"),
    # typography: Russian quotes «…» (and „…“ inside them), never English “…”
    (r"”", "Russian quotes are «ёлочки» (inside them „лапки“), not English “…”"),
    # typography: a minus, not a hyphen, before a negative number
    (r"(?<![\w\-−–.,/])-\d", "a negative number takes the minus sign − (U+2212), not a hyphen"),
]
_COMPILED = [(re.compile(p, re.IGNORECASE), why) for p, why in BANNED]


def offences(where: str, said: str) -> list[tuple[str, str, str]]:
    plain = said.replace("\u00a0", " ").replace("\u202f", " ")
    return [(where, m.group(0), why) for pattern, why in _COMPILED
            for m in pattern.finditer(plain)]


def _cyrillic(s: str) -> bool:
    return re.search(r"[А-Яа-яЁё]", s) is not None


# -- the texts, as they are stored ------------------------------------------------------

def table_texts() -> list[tuple[str, str]]:
    return [(f"texts ru:{key}", value) for key, value in TABLE["ru"].items()]


def notebook_texts() -> list[tuple[str, str]]:
    """Markdown, the Russian string literals of code, and stored outputs."""
    found = []
    for path in sorted((ROOT / "notebooks" / "ru").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        name = str(path.relative_to(ROOT))
        found.append((f"{name} title", nb["metadata"].get("title", "")))
        for cell in nb["cells"]:
            source = "".join(cell["source"])
            where = f"{name} {cell.get('id')}"
            if cell["cell_type"] == "markdown":
                found.append((where, source))
                continue
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and _cyrillic(node.value):
                    found.append((f"{where} (code)", node.value))
            for output in cell.get("outputs", []):
                found.append((f"{where} (output)", "".join(output.get("text", ""))))
    return found


def doc_texts(folders: tuple[str, ...] = ("docs/*.ru.md",)) -> list[tuple[str, str]]:
    """The files' words, less the quotations of the published rules (``> «…»``): they
    stay as printed, «Или Дикую карту» and all."""
    return [(str(p.relative_to(ROOT)),
             re.sub(r"(?m)^> «.*$", "", p.read_text(encoding="utf-8")))
            for pattern in folders for p in sorted(ROOT.glob(pattern))]


def readme_texts() -> list[tuple[str, str]]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return [(f"README.md:{n}", line) for n, line in enumerate(lines, 1) if _cyrillic(line)]


# -- the texts, as the kit renders them -----------------------------------------------

@lru_cache(maxsize=None)
def rendered_texts() -> tuple[tuple[str, str], ...]:
    from uno_nb import handouts, lessons
    from uno_nb.engine.cards import ALL_CARDS
    from uno_nb.sim.simulation import play_game
    from uno_nb.wording import question_words

    found = [("card names", "\n".join(card_name(card, "ru") for card in ALL_CARDS))]
    found += [("card names", card_name(card, "ru", colour=2))
              for card in ALL_CARDS if card.is_black]
    for rules, seed in (("standard", 4), ("party", 7), ("cnuno", 3)):
        _, game = play_game(rules, ["heuristic"] * 4, seed=seed, max_rounds=2, record=True)
        found.append((f"log of {rules}, seed {seed}", "\n".join(game.log(lang="ru"))))
    for page in lessons.PAGES:
        for kind in ("worksheet", "answers"):
            found.append((f"{kind} {page}", handouts.block(kind, page, "ru")))
        for q in lessons.questions(page):
            found.append((f"hint {q.id}", question_words(q, "hint", "ru")))
    return tuple(found)


def app_texts() -> list[tuple[str, str]]:
    from uno_nb.widgets import GameStepper, PlayApp, RulesPanel
    from tests.reading import visible
    from tests.test_widgets_rules import open_all

    stepper = GameStepper("party", players=4, seed=7, lang="ru")
    for _ in range(6):
        stepper.step()
    play = PlayApp("standard", 3, seed=12, delay=0, lang="ru")
    panel = open_all(RulesPanel("party", lang="ru"))
    return [(name, "\n".join(visible(getattr(app, "widget", app))))
            for name, app in (("stepper", stepper), ("play", play), ("rules panel", panel))]


# -- the tests ----------------------------------------------------------------------

def test_every_banned_phrasing_is_caught_by_its_pattern():
    """The patterns catch what was flagged, and leave the mended words alone."""
    flagged = ["Красная «Пропуск хода»", "Скорость: обычно", "Темп ботов: медленно",
               "Ответ — число раздач", "ответ набора — 860", "Пока нет: 1 000 — не ответ.",
               "Последний 0 стоит 50", "Очки до конца партии", "кто вёл в матче",
               "лаборатория сдаёт тысячи партий", "у B меньше — и это не случайность",
               "разницу сделали правила", "семёрка меняет руки", "Начать новый класс",
               "Шанс — это подсчёт", "95-процентный интервал", "с места того, кто оспаривает",
               "Если вы оспорите карту", "оспаривает карту", "свою зелёную «Пропуск хода»",
               "цвет, который дальше нужно поддерживать",
               "-1,5 хода, от -2,8 до -0,2", "у остальных было не больше 0",
               "и у соперника она реже", "значит, скоро придёт",
               "Игрок 2 требует проверки", "проверка на честность", "напрасная проверка",
               "поймать на этом может только проверка", "проверка всегда оказывается напрасной",
               "когда проверка показывает", "проверка в среднем стоит", "Решение вроде проверки на блеф",
               "Бот 2 кладёт карту: Жёлтая карта «+2»",
               "берёт 2 карты (Дикая карта, Синяя карта «Пропуск хода»)",
               "На столе лежит Синяя карта «Смена направления»", "— Синяя 8, Синяя карта «+2»",
               "Красная 0", "Подсказка: В колоде 108 карт", "**Ответ:** Короче.",
               "Ответ: Рук без диких карт", "Запись вроде 27,4 %",
               "в гонке за тем, кто первым избавится от карт", "интервал не включает 0",
               "синий цвет — у 23 из них", "синий цвет не попался ни разу",
               "как часто они блефуют (сначала — иногда)", "Ответ — “Короче”."]
    assert [s for s in flagged if not offences("", s)] == []
    mended = ["Красная карта «Пропуск хода»", "Скорость: обычная", "Темп ботов: медленный",
              "Ответ — число рук", "ответ — 860", "Пока неверно: ответ не 1 000.",
              "Единственный 0 на руке стоит 50", "Партия заканчивается при счёте",
              "кто лидировал в партии", "лаборатория разыгрывает тысячи партий",
              "у B меньше, разница статистически значима", "причина в правилах",
              "после семёрки можно поменяться картами", "Открыть новый класс",
              "Вероятность события", "95-процентный доверительный интервал",
              "оспорить ход", "−1,5 хода, от −2,8 до −0,2", "V-DROP-ZERO, CNUNO-1, 6-8, W+4",
              "`--max-turns` 0", "красная 7, синяя карта «+2»", "Красная 7 — можно сыграть сейчас",
              "Игрок 2 оспаривает ход", "ход оспорили зря", "оспаривание в среднем стоит",
              "берёт 2 карты (дикая карта, синяя карта «Пропуск хода»)", "красный 0",
              "Подсказка: в колоде 108 карт", "**Ответ:** короче.", "**Ответ:** Игрок 2.",
              "Ответ: C(100, 7) рук", "## Дикая карта (R-WILD)", "| Дикая карта, «Дикая +4» |",
              "карта «Дикая +4»", "Запись вида 27,4 %", "интервал не содержит 0",
              "23 из них синего цвета", "проверка прогноза", "потом проверьте его на странице",
              "по умолчанию — иногда", "Ответ — «Короче».", "сказать „Уно!“"]
    assert [(s, offences("", s)) for s in mended if offences("", s)] == []


def test_the_russian_text_table_says_none_of_the_banned_phrasings():
    assert [o for where, said in table_texts() for o in offences(where, said)] == []


def test_the_russian_notebooks_say_none_of_the_banned_phrasings():
    assert [o for where, said in notebook_texts() for o in offences(where, said)] == []


def test_the_russian_docs_and_readme_say_none_of_the_banned_phrasings():
    said = doc_texts(("docs/*.ru.md",)) + readme_texts()
    assert [o for where, words in said for o in offences(where, words)] == []


def test_the_russian_teachers_pack_says_none_of_the_banned_phrasings():
    said = doc_texts(("docs/teacher/ru/*.md",))
    assert said, "docs/teacher/ru has its plans and worksheets"
    assert [o for where, words in said for o in offences(where, words)] == []


def test_what_the_kit_renders_in_russian_says_none_of_the_banned_phrasings():
    assert [o for where, said in rendered_texts() for o in offences(where, said)] == []


def test_the_apps_in_russian_say_none_of_the_banned_phrasings():
    assert [o for where, said in app_texts() for o in offences(where, said)] == []


def test_the_speed_menus_name_a_speed_with_an_adjective():
    """«Скорость» is feminine, «Темп» masculine: the options agree with them."""
    assert [TABLE["ru"][f"app.speed_{s}"] for s in ("slow", "normal", "fast")] == \
        ["медленная", "обычная", "высокая"]
    assert [TABLE["ru"][f"play.speed.{s}"] for s in ("slow", "normal", "fast")] == \
        ["медленный", "обычный", "быстрый"]


def test_a_coloured_action_card_is_named_with_the_word_card():
    """In lower case, as a name stands inside a sentence; the adjective agrees with
    the word read aloud («жёлтая семёрка», «красный ноль», «дикая карта»)."""
    from uno_nb.engine.cards import parse_card
    assert card_name(parse_card("RS"), "ru") == "красная карта «Пропуск хода»"
    assert card_name(parse_card("GR"), "ru") == "зелёная карта «Смена направления»"
    assert card_name(parse_card("B+2"), "ru") == "синяя карта «+2»"
    assert card_name(parse_card("Y7"), "ru") == "жёлтая 7"
    assert card_name(parse_card("R0"), "ru") == "красный 0"
    assert card_name(parse_card("W"), "ru") == "дикая карта"


def test_a_card_name_that_begins_a_text_begins_with_a_capital():
    """A tooltip and a card's button begin with the name: they give it its
    capital («Красная 7 — можно сыграть сейчас»), the log keeps it in lower case,
    and so does a refusal, which goes on after «Так нельзя:»."""
    from uno_nb.engine.cards import parse_card
    from uno_nb.engine.render import card_svg
    from uno_nb.texts import text
    assert text("play.card.playable", "ru", card="красная 7") == "Красная 7 — можно сыграть сейчас"
    for key in ("play.refused.card", "play.refused.mismatch"):
        reason = text(key, "ru", card="дикая +4", colour="красный", top="синяя 5")
        said = text("play.refused", "ru", reason=reason)
        assert said.startswith("Так нельзя: ") and said[len("Так нельзя: ")].islower(), said
        assert offences(key, said) == []
    assert "<title>Синяя карта «+2»</title>" in card_svg(
        parse_card("B+2"), 40, title=card_name(parse_card("B+2"), "ru"))


def test_after_a_label_and_its_colon_russian_goes_on_in_lower_case():
    """«Подсказка: в колоде…», «Ответ: она уменьшается.», but «Ответ: Игрок 2.» (a
    name): every question's hint and worked answer, as the question box shows them."""
    from uno_nb import lessons
    from uno_nb.widgets.question import Ask
    from tests.reading import visible

    said = []
    for page in lessons.PAGES:
        for q in lessons.questions(page):
            box = Ask(q.id, lang="ru", on_answer=lambda *_: None)
            if not q.is_choice:
                box.check("0,001")  # wrong: the hint shows
                said.append((f"hint box {q.id}", "\n".join(visible(box.widget))))
            box.reveal()
            said.append((f"worked box {q.id}", "\n".join(visible(box.widget))))
    assert len(said) > 10
    assert [o for where, words in said for o in offences(where, words)] == []
    assert any("Ответ: " in words for _, words in said)


@pytest.mark.parametrize("value, written", [(-1.5, "−1,5"), (-0.25, "−0,25"),
                                            (-1234.5, "−1\u00a0234,5"), (2.8, "2,8")])
def test_a_negative_number_in_russian_takes_the_minus_sign(value, written):
    assert fmt_decimal(value, 2 if "25" in written else 1, "ru") == written


def test_computed_negatives_in_russian_take_the_minus_sign():
    assert fmt_int(-3, "ru") == MINUS + "3"
    assert fmt_interval(fmt_decimal(-2.8, 1, "ru"), fmt_decimal(-0.2, 1, "ru"), "ru") == \
        "от −2,8 до −0,2"
    # the lab lesson's answer: a difference below zero, and its interval
    answers = dict(rendered_texts())["answers 04"]
    assert MINUS in answers and not re.search(r"(?<![\w\-−])-\d", answers), answers
    # English keeps its hyphen-minus (its own table decides)
    assert fmt_decimal(-1.5, 1, "en") == "-1.5"


def test_the_class_board_quotes_an_answer_and_marks_it_in_russian():
    """The revealed answer of a choice question: «Ответ — «Короче».», and over its bar
    «▼ ответ: короче» (lower case after the colon)."""
    from uno_nb.texts import after_colon, text
    assert text("board.page.quoted", "ru", words="Короче") == "«Короче»"
    assert text("board.page.answer_mark", "ru",
                answer=after_colon("Короче", "ru")) == "ответ: короче"


def test_a_switch_label_begins_with_a_capital_though_a_card_name_inside_is_lower_case():
    """A label stands alone: «Дикая +4 в любой момент», «Блеф с дикой +4»."""
    labels = {k: v for k, v in TABLE["ru"].items() if k.startswith("option.") and k.count(".") == 1}
    assert labels and [k for k, v in labels.items() if not v[:1].isupper() and v[:1] != "«"] == []
    assert labels["option.w4_bluff"] == "Блеф с дикой +4"

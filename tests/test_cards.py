"""Cards and notation (docs/rules.md §1): R-DECK, R-BLANK."""

from collections import Counter

import pytest

from uno_nb import Card, Colour, NotationError, build_deck, parse_card, parse_cards, parse_play
from uno_nb.engine.cards import ALL_CARDS, play_text


def test_R_DECK_has_108_cards_25_per_colour_and_8_black():
    deck = build_deck()
    assert len(deck) == 108
    per_colour = Counter(c.colour for c in deck)
    assert per_colour == {Colour.RED: 25, Colour.YELLOW: 25, Colour.GREEN: 25,
                          Colour.BLUE: 25, None: 8}
    counts = Counter(c.text for c in deck)
    assert counts["R0"] == 1 and counts["R7"] == 2 and counts["BS"] == 2
    assert counts["GR"] == 2 and counts["Y+2"] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4 and "W+10" not in counts


def test_R_BLANK_112_card_deck_adds_four_blanks_used_as_W_plus_10():
    deck = build_deck(plus10=True)
    assert len(deck) == 112
    assert Counter(deck) - Counter(build_deck()) == {parse_card("W+10"): 4}


@pytest.mark.parametrize("text", ["R7", "GS", "BR", "Y+2", "W", "W+4", "W+10", "B0", "Y9"])
def test_card_text_round_trips(text):
    card = parse_card(text)
    assert card.text == text
    assert parse_card(text.lower()) is card
    assert str(card) == text


def test_every_card_value_round_trips_and_is_interned():
    for card in ALL_CARDS:
        assert parse_card(card.text) is card
        assert Card(card.colour, card.rank) is card


def test_cards_are_immutable_values():
    card = parse_card("R7")
    with pytest.raises(AttributeError):
        card.colour = Colour.BLUE
    assert parse_card("r7") == card and hash(card) == hash(parse_card("R7"))


@pytest.mark.parametrize("bad", ["R10", "X7", "", "W+5", "RR7", "7R", "W>R", "R 7"])
def test_bad_card_text_raises_an_error_quoting_it(bad):
    with pytest.raises(NotationError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value)


def test_black_play_names_its_colour():
    assert parse_play("W+4>R") == (parse_card("W+4"), Colour.RED)
    assert parse_play("w>g") == (parse_card("W"), Colour.GREEN)
    assert parse_play("R7") == (parse_card("R7"), None)
    assert play_text(parse_card("W+4"), Colour.BLUE) == "W+4>B"


@pytest.mark.parametrize("bad", ["R7>G", "W>X", "W+4>", "Q>R"])
def test_bad_play_text_is_refused(bad):
    with pytest.raises(NotationError) as err:
        parse_play(bad)
    assert repr(bad) in str(err.value)


def test_R_VALUES_card_points():
    assert [parse_card(t).points for t in ["R0", "G7", "B9", "YS", "RR", "G+2", "W", "W+4", "W+10"]] \
        == [0, 7, 9, 20, 20, 20, 50, 50, 50]


def test_parse_cards_reads_a_list():
    assert [c.text for c in parse_cards("R7, g5  W+4")] == ["R7", "G5", "W+4"]
    assert parse_cards(["B1", "BS"]) == [parse_card("B1"), parse_card("BS")]


def test_card_names_for_learners():
    assert parse_card("BR").name == "Blue Reverse"
    assert parse_card("W+4").name == "Wild Draw Four"
    assert parse_card("Y7").name == "Yellow 7"

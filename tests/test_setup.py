"""Setup of a round (docs/rules.md §2): R-PLAYERS, R-DEALER, R-DEAL, R-START,
R-START-EFFECT and V-START-NUMBER."""

from collections import Counter

import pytest

from uno_nb import Colour, Game, Phase, RuleError, RuleSet, build_deck
from uno_nb.engine import events
from uno_nb.engine.game import HAND_SIZE

from tests.helpers import texts

CNUNO = RuleSet.preset("cnuno")


def first_start(game):
    """The first card turned for the discard pile (returned or not)."""
    for e in game.events:
        if isinstance(e, (events.StartCardReturned, events.StartCard)):
            return e.card
    raise AssertionError("no start card")


def seed_where(pred, rules=None, players=4):
    for seed in range(5000):
        game = Game(rules, players, seed)
        if pred(game):
            return game
    raise AssertionError("no seed found")


@pytest.mark.parametrize("players", [1, 11, 0, -3])
def test_R_PLAYERS_refuses_fewer_than_2_or_more_than_10(players):
    with pytest.raises(RuleError, match="2 to 10 players"):
        Game(players=players)


@pytest.mark.parametrize("players", [2, 6, 10])
def test_R_PLAYERS_2_to_10_and_R_DEAL_seven_each(players):
    game = Game(players=players, seed=3)
    dealt = next(e for e in game.events if isinstance(e, events.Dealt))
    assert [len(h) for h in dealt.hands] == [HAND_SIZE] * players
    assert game.card_count() == 108
    in_hands = sum(map(len, game.hands))
    assert len(game.draw_pile) == 108 - in_hands - len(game.discard)


def test_R_DEAL_seven_cards_each_the_rest_is_the_draw_pile():
    game = seed_where(lambda g: g.top.is_number and len(g.events) == 3, players=5)
    dealt = game.events[1]
    assert isinstance(dealt, events.Dealt) and dealt.dealer == game.dealer
    assert [list(h) for h in dealt.hands] == game.hands
    assert all(len(h) == 7 for h in game.hands)
    assert len(game.draw_pile) == 108 - 5 * 7 - 1
    assert game.all_cards() == Counter(build_deck())
    assert dealt.text == f"Round 1: Player {game.dealer + 1} deals 7 cards to each player"


def test_R_DEALER_highest_number_deals_actions_count_zero():
    game = Game(seed=11)
    cut = game.events[0]
    assert isinstance(cut, events.DealerChosen)
    value = {s: (c.number or 0) for s, c in cut.draws}  # last draw of each seat
    best = max(value.values())
    assert value[cut.dealer] == best
    assert [s for s, v in value.items() if v == best] == [cut.dealer]
    assert game.dealer == cut.dealer


def test_R_DEALER_ties_redraw():
    game = seed_where(lambda g: len(g.events[0].draws) > g.n)
    cut = game.events[0]
    first_round = cut.draws[:game.n]
    values = [(c.number or 0) for _, c in first_round]
    tied = {s for s, c in first_round if (c.number or 0) == max(values)}
    assert len(tied) > 1
    assert {s for s, _ in cut.draws[game.n:]} <= tied
    assert cut.dealer in tied
    assert texts(game)[0].endswith(f"P{cut.dealer} deals")


def test_R_START_number_card_left_of_dealer_plays_first_clockwise():
    game = seed_where(lambda g: g.top.is_number and len(g.events) == 3)
    assert game.current == (game.dealer + 1) % 4
    assert game.direction == 1 and game.phase is Phase.TURN
    assert game.colour == game.top.colour
    assert texts(game)[-1] == f"Start card: {game.top}; P{game.current} plays first"


def test_R_START_EFFECT_draw_two_first_player_draws_2_and_is_skipped():
    game = seed_where(lambda g: first_start(g).rank == "+2")
    first = (game.dealer + 1) % 4
    assert len(game.hands[first]) == 9 and game.cards_drawn[first] == 2
    assert game.current == (first + 1) % 4
    assert texts(game, 2)[1] == f"P{first} is skipped"


def test_R_START_EFFECT_skip_first_player_is_skipped():
    game = seed_where(lambda g: first_start(g).rank == "S")
    first = (game.dealer + 1) % 4
    assert game.current == (first + 1) % 4
    assert len(game.hands[first]) == 7
    assert texts(game)[-1] == f"P{first} is skipped"


def test_R_START_EFFECT_reverse_dealer_plays_first_counter_clockwise():
    game = seed_where(lambda g: first_start(g).rank == "R")
    assert game.current == game.dealer
    assert game.direction == -1
    game.push(game.turn_moves()[-1])  # the dealer draws
    if game.phase is Phase.DRAWN:
        game.push("pass")
    assert game.current == (game.dealer - 1) % 4


def test_R_START_EFFECT_wild_first_player_chooses_colour_then_plays():
    game = seed_where(lambda g: first_start(g).rank == "W")
    first = (game.dealer + 1) % 4
    assert game.phase is Phase.COLOUR and game.current == first
    assert [m.action for m in game.legal_moves()] == ["colour R", "colour Y", "colour G", "colour B"]
    game.push("colour G")
    assert game.colour is Colour.GREEN and game.phase is Phase.TURN and game.current == first
    assert texts(game)[-1] == f"P{first} chooses green"


def test_R_START_EFFECT_wild_draw_four_goes_back_and_a_new_card_is_turned():
    game = seed_where(lambda g: first_start(g).rank == "W+4")
    returned = [e for e in game.events if isinstance(e, events.StartCardReturned)]
    assert returned[0].card.rank == "W+4"
    assert game.top.rank != "W+4"
    assert game.card_count() == 108 and len(game.discard) == 1
    assert "W+4 goes back into the draw pile" in game.event_text(returned[0], codes=True)
    assert "Start card Wild Draw Four goes back into the draw pile" in returned[0].text


def test_R_START_EFFECT_is_off_under_V_START_NUMBER():
    game = seed_where(lambda g: not first_start(g).is_number, rules=CNUNO)
    assert game.top.is_number
    returned = [e.card for e in game.events if isinstance(e, events.StartCardReturned)]
    assert returned and all(not c.is_number for c in returned)
    assert game.current == (game.dealer + 1) % 4 and game.direction == 1
    assert all(len(h) == 7 for h in game.hands)
    assert game.fired["V-START-NUMBER"] == len(returned)


def test_V_START_NUMBER_every_start_card_is_a_number_over_many_seeds():
    for seed in range(300):
        game = Game(CNUNO, 4, seed, record=False)
        assert game.top.is_number and game.phase is Phase.TURN
        assert game.card_count() == 108


def test_same_seed_same_deal_different_seed_different_deal():
    assert Game(seed=5).state_key() == Game(seed=5).state_key()
    assert Game(seed=5).hands != Game(seed=6).hands

"""Table-talk rules (docs/rules.md §10): T-UNO-CENTER, T-SILENT-TWOS (and its
black-card extension), T-ADVICE, T-READY — as moves a person makes, and as the
seeded table model plays them in simulations."""

import random

import pytest

from uno_nb import IllegalMoveError, Phase, RuleSet
from uno_nb.sim.simulation import run_games
from uno_nb.sim.table import PlayerTraits, table_talk

from tests.helpers import hand, texts


def test_T_UNO_CENTER_the_slowest_to_slap_draws_2(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2", "Y7 Y8"], discard="R5", rules=RuleSet(uno_center=True))
    game.push("R3")
    game.push("0:uno")
    assert [m.text for m in game.table_moves()] == ["1:slow", "2:slow", "3:slow"]
    game.push("2:slow", note="0.93 s")
    assert hand(game, 2) == "G1 G2 Y1 Y2"
    assert texts(game, 2)[0] == "P2 is the slowest to slap P0's hand: P2 draws 2 (0.93 s)"
    assert game.table_moves() == []


def test_T_UNO_CENTER_in_simulation_uses_reaction_times(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(uno_center=True))
    traits = (PlayerTraits(0, 1000, 500), PlayerTraits(0, 1000, 300), PlayerTraits(0, 1000, 2000))
    game.push("R3")
    game.push("0:uno")
    assert table_talk(game, random.Random(0), traits=traits) == 1
    assert game.moves[-1].text == "2:slow"  # P2 reacts four to six times slower


def test_T_SILENT_TWOS_speaking_in_the_silence_costs_2(pos):
    rules = RuleSet(silent_twos=True)
    game = pos(["R2 R4 R6", "R1 B2", "G1 G2"], discard="R5", rules=rules)
    game.push("R2")
    assert game.silence == ("2", 0) and [m.text for m in game.table_moves(1)] == ["1:speak"]
    game.push("2:speak")
    assert hand(game, 2) == "G1 G2 Y1 Y2" and game.silence is None
    with pytest.raises(IllegalMoveError, match="T-SILENT-TWOS"):
        game.push("1:speak")


def test_T_SILENT_TWOS_the_silence_ends_when_the_turn_comes_back(pos):
    game = pos(["R2 R4 R6", "R1 B2", "R3 G2"], discard="R5", rules=RuleSet(silent_twos=True))
    game.push("R2")
    game.push("1:R1")
    assert game.silence == ("2", 0)
    game.push("2:R3")
    assert game.silence is None and game.current == 0
    assert texts(game, 1) == ["The turn is back with P0: the silence ends"]


def test_T_SILENT_TWOS_black_extension_silence_until_the_colour_changes(pos):
    rules = RuleSet(silent_twos=True, silent_black=True)
    game = pos(["W R4 R6", "G1 B3 B2", "G3 B4"], discard="R5", rules=rules, draw_pile="Y7 Y8")
    game.push("W>G")
    assert game.silence == ("black", 2)  # green
    game.push("1:G1")
    game.push("2:G3")
    assert game.silence is not None  # still green
    game.push("0:draw")  # Y7 does not fit: P0's turn passes
    game.push("1:B3")    # blue, on G3 by number: the colour changes
    assert game.silence is None
    assert texts(game, 1) == ["The colour has changed: the silence ends"]


def test_T_SILENT_TWOS_black_extension_needs_the_silent_twos():
    from uno_nb import RuleError
    with pytest.raises(RuleError, match=r"needs T-SILENT-TWOS \(silent_twos\)"):
        RuleSet(silent_black=True)


def test_T_ADVICE_advising_costs_2(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(advice=True))
    assert [m.text for m in game.table_moves()] == ["1:advise", "2:advise"]
    game.push("2:advise")
    assert hand(game, 2) == "G1 G2 Y1 Y2" and game.current == 0
    assert texts(game, 2)[0] == "P2 advises P0: P2 draws 2"
    assert pos(["R3", "B1"], discard="R5").table_moves() == []


def test_T_READY_play_waits_for_ready_after_drawing_4(pos):
    game = pos(["W+4 R1 R2", "B1", "G1 G2"], discard="R5", rules=RuleSet(ready=True))
    game.push("W+4>G")
    game.push("1:draw")
    assert game.phase is Phase.READY and game.current == 1
    assert [m.text for m in game.turn_moves()] == ["1:ready"]
    with pytest.raises(IllegalMoveError, match="waits for Player 2 to say"):
        game.push("2:G1")
    game.push("1:ready")
    assert game.phase is Phase.TURN and game.current == 2
    assert texts(game, 1) == ['P1: "Ready"']


def test_table_talk_in_simulations_is_reproducible_and_fires():
    rules = RuleSet(silent_twos=True, silent_black=True, advice=True, uno_center=True, ready=True)
    a = run_games(rules, ["random-greedy"] * 4, 150, seed=2)
    b = run_games(rules, ["random-greedy"] * 4, 150, seed=2)
    assert a == b
    fired = set().union(*(r.fired for r in a))
    assert {"T-SILENT-TWOS", "T-ADVICE", "T-UNO-CENTER", "T-READY"} <= fired


# -- the table model and the people at the table (uno_nb.sim.table) ---------------------------------

class CountingRandom(random.Random):
    """A seeded RNG that counts its draws."""

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()


def test_T_UNO_CENTER_a_person_slaps_for_themselves(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(uno_center=True))
    traits = (PlayerTraits(0, 1000, 500), PlayerTraits(0, 1000, 300), PlayerTraits(0, 1000, 2000))
    game.push("R3")
    game.push("0:uno")
    assert game.slapper == 0
    rng = CountingRandom(0)
    assert table_talk(game, rng, people={2}, traits=traits) == 1
    assert game.moves[-1].text == "1:slow"  # P2, the slowest, is a person: not timed
    assert rng.draws == 1 and game.slapper is None


def test_T_SILENT_TWOS_the_model_speaks_for_bots_only(pos):
    game = pos(["R2 R4 R6", "R1 B2", "G1 G2"], discard="R5", rules=RuleSet(silent_twos=True))
    traits = [PlayerTraits(0, 0, 1000, talk=1000)] * 3
    game.push("R2")
    rng = CountingRandom(0)
    assert table_talk(game, rng, people=frozenset({0}), traits=traits) == 1
    assert game.moves[-1].text == "1:speak"
    assert rng.draws == 2  # P1 and P2 may speak; the person is not drawn for
    assert table_talk(game, CountingRandom(0), people={0, 1, 2}, traits=traits) == 0


def test_T_ADVICE_the_model_advises_for_bots_only(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(advice=True))
    traits = [PlayerTraits(0, 0, 1000, advise=1000)] * 3
    assert game.in_turn
    assert table_talk(game, random.Random(0), people={1}, traits=traits) == 1
    assert game.moves[-1].text == "2:advise"


def test_table_talk_without_talk_rules_makes_no_draw(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5")
    rng = CountingRandom(0)
    assert table_talk(game, rng) == 0 and rng.draws == 0 and game.moves == ()


def test_the_table_model_is_public_and_documented():
    import uno_nb.sim.table as table
    for name in ("uno_call", "uno_catch", "table_talk", "jump_in_race"):
        assert name in table.__all__
        assert getattr(table, name).__doc__

"""The seeded runner: one record per game, reproducible, with a turn cap."""

import random

from uno_nb import RuleSet
from uno_nb.sim.simulation import GameRecord, play_game, run_games
from uno_nb.sim.table import PlayerTraits, jump_in_race, uno_call, uno_catch


def test_run_games_returns_one_tidy_record_per_seed():
    calls = []
    records = run_games("cnuno", ["heuristic"] * 4, 30, seed=7,
                        progress=lambda done, total: calls.append((done, total)))
    assert len(records) == 30 and all(isinstance(r, GameRecord) for r in records)
    assert [r.seed for r in records] == list(range(7, 37))
    assert calls[-1] == (30, 30) and len(calls) == 30
    for r in records:
        assert not r.abandoned and 0 <= r.winner < 4 and r.winner_bot == "heuristic"
        assert r.points == r.scores[r.winner] and r.turns > 0 and r.moves > 0
        assert r.fired["R-OUT"] == 1
        assert len(r.cards_drawn) == 4


def test_same_seed_same_record_and_fired_rules_are_counted():
    a = run_games("cnuno", ["random-greedy"] * 3, 20, seed=1)
    b = run_games("cnuno", ["random-greedy"] * 3, 20, seed=1)
    assert a == b
    fired = set().union(*(r.fired for r in a))
    assert {"R-DRAW2", "R-SKIP", "R-REVERSE", "R-UNO", "R-OUT", "R-W4"} <= fired


def test_a_game_over_the_turn_cap_is_abandoned():
    record, game = play_game("standard", ["random"] * 4, 3, max_turns=10)
    assert record.abandoned and record.winner is None and record.turns == 10
    assert not game.is_over


def test_jump_in_races_are_settled_by_reaction_time_and_logged():
    found = None
    for seed in range(200):
        record, game = play_game("cnuno", ["heuristic"] * 6, seed, record=True)
        races = [e.text for e in game.events if "fastest of" in e.text]
        if races:
            found = races[0]
            break
    assert found is not None
    assert "jumps in with" in found and " s, " in found


def test_the_runner_plays_the_table_model_draw_for_draw():
    """Pinned when the table model's generators were seeded with whole numbers
    (uno_nb.sim.table's mix streams, integer traits): the same draws in the same
    order give the same games (the compiled simulator relies on it)."""
    rules = RuleSet(jump_in=True, doubles=True, reverse_bounce=True, uno_center=True, advice=True)
    records = run_games(rules, ["heuristic"] * 4, 6, seed=0)
    assert [(r.winner, r.turns, r.moves) for r in records] == [
        (0, 22, 22), (2, 62, 72), (2, 318, 379), (2, 182, 218), (3, 30, 32), (0, 39, 47)]
    assert [(r.fired.get("T-UNO-CENTER", 0), r.fired.get("T-ADVICE", 0),
             r.fired.get("V-JUMP-IN", 0), r.fired.get("T-UNO-CATCH", 0)) for r in records] == [
        (1, 0, 1, 0), (3, 4, 5, 2), (10, 45, 29, 1), (5, 21, 17, 3), (1, 1, 5, 0), (2, 4, 3, 0)]
    talk = RuleSet(uno_center=True, silent_twos=True, silent_black=True, advice=True, ready=True)
    records = run_games(talk, ["random", "heuristic", "random-greedy"], 6, seed=0)
    assert [(r.winner, r.turns, r.moves) for r in records] == [
        (1, 24, 34), (1, 181, 207), (1, 71, 88), (2, 171, 226), (1, 33, 41), (1, 207, 262)]


def test_the_table_models_generators_have_streams_of_their_own():
    """random.Random(mix(seed, stream)) for the runner, the traits, the talk and
    the play page: never the generator of one of the game's chance events
    (streams 1, 2, 3, … counting up), nor each other's."""
    from uno_nb.engine.deal import mix
    from uno_nb.sim.table import PLAY_STREAM, STREAMS, TABLE_STREAM, TALK_STREAM, TRAITS_STREAM
    assert STREAMS == (TABLE_STREAM, TRAITS_STREAM, TALK_STREAM, PLAY_STREAM)
    assert len(set(STREAMS)) == 4 and all(2**62 < k < 2**63 for k in STREAMS)
    for seed in (*range(300), 2**32 - 1, 2**32, 2**62 + 1, 2**63 - 1, 2**64 + 5):
        table = {mix(seed, k) for k in STREAMS}
        chance = {mix(seed, k) for k in range(1, 2001)}
        assert len(table) == 4 and len(chance) == 2000 and not table & chance, seed
    # a match to 500 points uses a few dozen chance events at most
    _, game = play_game("standard", ["random"] * 4, 5, max_rounds=None)
    assert game.round_no > 1 and game._chance < 2000
    # the runner's generator is the TABLE_STREAM one: the first bot to move gets it fresh
    states = []

    class Watching:
        name = "watching"

        def choose(self, view, moves, rng):
            states.append(rng.getstate())
            return moves[0]

    play_game("standard", [Watching()] * 3, 11, max_turns=1)
    assert states[0] == random.Random(mix(11, TABLE_STREAM)).getstate()


class Asked:
    """A bot that must not be asked anything."""

    name = "asked"

    def wants_jump_in(self, view, move, rng):
        raise AssertionError("a person was asked to jump in")

    def choose(self, view, moves, rng):
        raise AssertionError("a person was asked to choose")


class Eager:
    """A bot that always jumps in, with its first move."""

    name = "eager"

    def wants_jump_in(self, view, move, rng):
        return True

    def choose(self, view, moves, rng):
        return moves[0]


def _jump_position(pos):
    game = pos(["R5 R1 B2", "G1 G2 G3", "R5 G4"], discard="R4", rules=RuleSet(jump_in=True))
    game.push("R5")
    assert [m.text for m in game.jump_in_moves()] == ["2:R5"]
    return game


def test_jump_in_race_never_asks_a_person(pos):
    game = _jump_position(pos)
    views = [game.view(s) for s in range(game.n)]
    observed = []
    assert jump_in_race(game, [Eager(), Eager(), Asked()], views, random.Random(0),
                        observed.append, people={2}) == 0
    assert len(game.moves) == 1 and observed == [] and len(game.jump_in_moves()) == 1
    # the same seat played by a bot jumps in, and the observer sees it
    traits = [PlayerTraits(0, 0, 1000)] * 3  # P2 calls "UNO!"
    assert jump_in_race(game, [Eager()] * 3, views, random.Random(0), observed.append,
                        traits=traits) == 2
    assert [m.text for m in game.moves[-2:]] == ["2:R5", "2:uno"] and observed == [game] * 2


def test_jump_in_race_of_several_notes_every_time(pos):
    game = pos(["W R1 B2", "G1 G2", "W G4 G5", "W Y4 Y5"], discard="R4",
               rules=RuleSet(jump_in=True))
    game.push("W>G")
    assert {m.player for m in game.jump_in_moves()} == {2, 3}
    traits = [PlayerTraits(0, 0, r) for r in (1000, 1000, 1000, 10)]
    views = [game.view(s) for s in range(game.n)]
    assert jump_in_race(game, [Eager()] * 4, views, random.Random(0), traits=traits) == 2
    # P3 reacts a hundred times faster; then P2 jumps in on P3's Wild, alone
    assert [m.player for m in game.moves[1:]] == [3, 2]
    note = game.notes[1]
    assert note["key"] == "race" and [s for s, _ in note["times"]] == [3, 2]
    assert game.notes[2] is None


def test_uno_call_leaves_a_person_to_call_and_uno_catch_catches_them(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", draw_pile="Y1 Y2 Y3")
    traits = (PlayerTraits(1000, 1000, 500), PlayerTraits(0, 1000, 1000),
              PlayerTraits(0, 1000, 10))
    game.push("R3")
    assert game.uno_open == 0
    rng = random.Random(0)
    state = rng.getstate()
    assert uno_call(game, rng, people={0}, traits=traits) == 0
    assert rng.getstate() == state and game.uno_open == 0  # no draw, no move
    # the person's chance has passed: the fastest who noticed catches them
    assert uno_catch(game, rng, traits=traits) == 1
    assert game.moves[-1].text == "2:catch 0"
    assert game.notes[-1] == {"key": "noticed_first", "seconds": game.notes[-1]["seconds"],
                              "count": 2}
    assert uno_call(game, rng, traits=traits) == 0  # nobody has one card now
    assert uno_catch(game, rng, traits=traits) == 0

"""The seeded runner: one record per game, reproducible, with a turn cap."""

from uno_nb.simulation import GameRecord, play_game, run_games


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

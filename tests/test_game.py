"""The Game object: moves, undo and redo, the event log, views, positions, errors."""

import pytest

from uno_nb import Game, IllegalMoveError, Move, NotationError, Phase, PositionError, RuleError, RuleSet, parse_move
from uno_nb.engine import events
from uno_nb.engine.moves import MoveKind

from tests.helpers import hand, texts


def test_move_text_round_trips():
    for text in ["0:R7", "3:W+4>G", "1:draw", "2:pass", "4:challenge", "0:uno", "5:catch 2",
                 "1:colour B", "2:deal"]:
        move = parse_move(text)
        assert move.text == text and parse_move(str(move)) is move
    assert parse_move("r7", player=2) is parse_move("2:R7")
    assert parse_move("2:w>g").colour.letter == "G"


@pytest.mark.parametrize("bad, message", [
    ("R7", "say whose move it is"),
    ("x:R7", "'x' is not a seat number"),
    ("12:R7", "seats are 0 to 9"),
    ("0:R7>G", "only black cards name a colour"),
    ("0:catch", "'catch' is not a card"),
    ("0:catch 2 3", "expected a card"),
    ("0:", "nothing after the seat"),
    ("0:flip", "bad play"),
])
def test_bad_move_text_raises_a_clear_error(bad, message):
    with pytest.raises(NotationError, match=message):
        parse_move(bad)


def test_a_black_card_names_its_colour_unless_the_colour_wheel_turns(pos):
    game = pos(["W+4 R1", "B1"], discard="R5")
    with pytest.raises(IllegalMoveError, match="a black card names its colour, e.g. W\\+4>R"):
        game.push("W+4")


def test_moves_are_immutable_interned_values():
    move = parse_move("0:R7")
    with pytest.raises(AttributeError):
        move.player = 1
    with pytest.raises(TypeError):
        Move()
    assert Move.make(MoveKind.PLAY, 0, move.card) is move


def test_an_illegal_move_raises_and_leaves_the_game_unchanged():
    game = Game(seed=12)
    before = game.state_key()
    log = texts(game)
    for bad in ["R99", "pass", "challenge", "9:draw", "uno", "colour R", "deal", "1:catch 0"]:
        with pytest.raises(IllegalMoveError):
            game.push(bad)
        assert game.state_key() == before and texts(game) == log
    with pytest.raises(IllegalMoveError, match="no seat 7"):
        game.push("7:draw")


def test_push_many_is_all_or_nothing():
    game = Game(seed=12)
    before = game.state_key()
    with pytest.raises(IllegalMoveError, match="move 2:"):
        game.push_many(["draw", "R99"])
    assert game.state_key() == before and not game.can_undo()


def test_undo_and_redo_walk_the_log():
    game = Game(seed=21)
    start = game.state_key()
    import random
    rng = random.Random(0)
    keys = [start]
    for _ in range(30):
        game.push(rng.choice(game.turn_moves()))
        keys.append(game.state_key())
    for i in range(30):
        game.pop()
        assert game.state_key() == keys[-2 - i]
    assert game.state_key() == start
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.pop()
    for i in range(30):
        game.redo()
        assert game.state_key() == keys[i + 1]
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_a_new_move_after_undo_clears_redo():
    game = Game(seed=21)
    game.push(game.turn_moves()[-1])
    game.pop()
    assert game.can_redo()
    game.push(game.turn_moves()[0])
    assert not game.can_redo()


def test_reset_returns_to_the_start():
    game = Game(seed=2)
    start = game.state_key()
    game.push("draw")
    game.reset()
    assert game.state_key() == start and game.moves == ()


def test_fast_mode_keeps_no_history():
    game = Game(seed=2, record=False)
    game.push("draw")
    assert game.events == []
    with pytest.raises(IllegalMoveError, match="record=False"):
        game.pop()


def test_every_event_has_one_line_of_text_and_a_kind():
    from uno_nb.sim.simulation import play_game
    _, game = play_game("cnuno", ["heuristic"] * 4, 8, record=True, max_rounds=None)
    kinds = {e.kind for e in game.events}
    assert {"DealerChosen", "Dealt", "StartCard", "Played", "Drew", "Skipped", "Reversed",
            "UnoCalled", "RoundWon", "Scored", "GameWon"} <= kinds
    for event in game.events:
        assert event.text and "\n" not in event.text
        assert isinstance(event, events.Event)


def test_legal_moves_of_everyone_and_of_one_seat(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5")
    game.push("R3")
    assert [m.text for m in game.legal_moves(2)] == ["2:catch 0"]
    assert [m.text for m in game.legal_moves(1)] == ["1:draw", "1:catch 0"]
    assert [m.text for m in game.legal_moves(0)] == ["0:uno"]
    assert all(game.is_legal(m) for m in game.legal_moves())


def test_a_view_cannot_change_the_game(pos):
    game = pos(["R3 R4", "B1 B2"], discard="R5")
    view = game.view(0)
    cards = view.hand
    with pytest.raises((TypeError, AttributeError)):
        cards.append(cards[0])
    with pytest.raises(AttributeError):
        view.seat_of_other = 1
    assert hand(game, 0) == "R3 R4"
    assert [m.text for m in view.legal_moves()] == ["0:R3", "0:R4", "0:draw"]


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=["R3 R3 R3", "B1"], discard="R5"), "RBUG"),
    (dict(hands=["R3", "B1"], discard="W"), "the top card W is black"),
    (dict(hands=["R3", "B1"], discard="R5", colour="G"), "the top card R5 is red"),
    (dict(hands=["R3", "B1"], discard=""), "needs at least its top card"),
    (dict(hands=["R3", "B1"], discard="R5", current=2), "current must be a seat"),
    (dict(hands=["R3", "B1"], discard="R5", direction=0), "direction must be"),
    (dict(hands=["R3"], discard="R5"), "2 to 10 players"),
    (dict(hands=["R3", "B1"], discard="R5", scores=[1]), "scores must be"),
])
def test_impossible_positions_are_refused(kwargs, message):
    if message == "RBUG":
        message = "more copies than the deck holds: R3 \\(1 too many\\)"
    with pytest.raises((PositionError, RuleError), match=message):
        Game.from_position(**kwargs)


def test_bad_game_arguments_are_refused():
    with pytest.raises(RuleError, match="seed must be"):
        Game(seed=-1)
    with pytest.raises(RuleError, match="seed must be"):
        Game(seed="7")
    with pytest.raises(RuleError, match="player names"):
        Game(players=2, names=["Ann", "Ann"])
    with pytest.raises(RuleError, match="unknown preset"):
        Game("nope")
    with pytest.raises(RuleError, match="max_rounds"):
        Game(max_rounds=0)


def test_replay_gives_the_identical_game():
    from uno_nb.sim.simulation import play_game
    _, game = play_game("cnuno", ["random-greedy"] * 5, 31, record=True)
    again = Game.replay("cnuno", 5, 31, [m.text for m in game.moves], max_rounds=1)
    assert again.state_key() == game.state_key()
    # the same log, except that the runner's notes (who noticed, who raced) are
    # not part of the moves
    annotated = ("Played", "UnoCaught")
    assert [e.text for e in again.events if e.kind not in annotated] == \
        [e.text for e in game.events if e.kind not in annotated]
    assert [e.kind for e in again.events] == [e.kind for e in game.events]
    assert [(e.player, e.card) for e in again.events if e.kind == "Played"] == \
        [(e.player, e.card) for e in game.events if e.kind == "Played"]


def test_describe_and_repr_are_readable():
    game = Game(seed=1, names=["Ann", "Bob", "Cy", "Di"])
    assert "Ann" in game.describe() and "round=1" in repr(game)


@pytest.mark.parametrize("preset", ["standard", "cnuno", "party"])
def test_undo_steps_back_through_every_position_exactly_and_redo_forward(preset):
    # The undo history keeps the whole state only every few moves and replays
    # the moves after it: every earlier position, its events (notes of the
    # table model included) and the redo list must come back exactly.
    from uno_nb.sim.simulation import play_game
    after = []  # the position after each move
    _, game = play_game(preset, ["heuristic", "random", "heuristic", "random"], 7, record=True,
                        observer=lambda g: after.append(
                            (g.state_key(), [e.text for e in g.events], g.last_events())))
    assert len(after) == len(game.moves) > 20
    for k in range(len(after), 0, -1):
        assert (game.state_key(), [e.text for e in game.events],
                game.last_events()) == after[k - 1], f"after undoing back to move {k}"
        game.pop()
    assert game.state_key() == Game(preset, 4, 7, max_rounds=1).state_key()
    for k in range(len(after)):
        game.redo()
        assert game.state_key() == after[k][0]
    assert not game.can_redo()


def test_the_quick_event_makers_make_the_events_their_classes_make():
    from dataclasses import fields

    from uno_nb.engine import events as ev
    from uno_nb.engine.cards import Colour, parse_card
    r5, w4 = parse_card("R5"), parse_card("W+4")
    pairs = [(ev.played(1, r5, None, False, "R-MATCH", None),
              ev.Played(1, r5, None, False, rule="R-MATCH")),
             (ev.played(2, w4, Colour.BLUE, True, "V-JUMP-IN", {"key": "race"}),
              ev.Played(2, w4, Colour.BLUE, True, rule="V-JUMP-IN", note={"key": "race"})),
             (ev.drew(0, (r5,), "turn", 1, "R-DRAW"), ev.Drew(0, (r5,), "turn", 1, rule="R-DRAW")),
             (ev.skipped(3, "R-SKIP"), ev.Skipped(3, rule="R-SKIP"))]
    for quick, made in pairs:
        assert type(quick) is type(made) and quick == made and repr(quick) == repr(made)
        assert {f.name for f in fields(made)} == set(vars(quick))
    assert hash(pairs[0][0]) == hash(pairs[0][1])


def test_importing_the_engine_loads_nothing_of_the_simulations():
    """The engine is the reference the rest is built on: importing it loads no
    module of uno_nb.sim (tests/test_layers.py checks every import statement;
    this checks what a real import loads)."""
    import subprocess
    import sys
    code = ("import sys, uno_nb.engine.game\n"
            "print(sorted(m for m in sys.modules if m.startswith('uno_nb.sim')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

"""Saved games: JSON round trip, and clear errors for malformed or tampered files."""

import json

import pytest

from uno_nb import Game, SaveFileError
from uno_nb.engine import saves
from uno_nb.sim.simulation import play_game


@pytest.fixture
def saved():
    _, game = play_game("cnuno", ["heuristic"] * 4, 5, record=True, max_rounds=2)
    return game, saves.dumps(game)


def test_save_and_load_round_trip(saved, tmp_path):
    game, text = saved
    loaded = saves.loads(text)
    assert loaded.state_key() == game.state_key()
    assert [e.text for e in loaded.events] == [e.text for e in game.events]
    assert loaded.rules == game.rules and loaded.names == game.names
    path = tmp_path / "game.json"
    saves.save(game, str(path))
    assert saves.load(str(path)).state_key() == game.state_key()
    loaded.pop()  # a loaded game has its undo history


def test_a_set_up_position_saves_and_loads(pos):
    game = pos(["R3 W+4", "B1 B2", "G1"], discard="R5", names=["Ann", "Bob", "Cy"])
    game.push("W+4>B")
    loaded = saves.loads(saves.dumps(game))
    assert loaded.state_key() == game.state_key() and loaded.names == ("Ann", "Bob", "Cy")


def _edit(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["moves"].append("0:draw"), "the checksum does not match"),
    (lambda d: d.update(seed=6), "the checksum does not match"),
])
def test_a_tampered_file_is_refused(saved, change, message):
    _, text = saved
    with pytest.raises(SaveFileError, match=message):
        saves.loads(_edit(text, change))


def _unsealed(d):
    d.pop("checksum")
    d.pop("digest")


@pytest.mark.parametrize("change, message", [
    (lambda d: (_unsealed(d), d["moves"].__setitem__(3, "1:R99")), "move 4 \\('1:R99'\\) does not replay: bad move"),
    (lambda d: (_unsealed(d), d["moves"].insert(0, "3:uno")), "move 1 \\('3:uno'\\) does not replay"),
    (lambda d: (_unsealed(d), d.update(players=11)), "2 to 10 players"),
    (lambda d: (_unsealed(d), d.update(players=1)), "2 to 10 players"),
    (lambda d: (_unsealed(d), d["rules"].update(jump_in="yes")), "'jump_in' must be bool"),
    (lambda d: (_unsealed(d), d["rules"].update(stacking=True)), "unknown rule option 'stacking'"),
    (lambda d: (_unsealed(d), d.update(moves="0:draw")), "'moves' must be a list"),
    (lambda d: (_unsealed(d), d.pop("seed")), "missing 'seed'"),
    (lambda d: (_unsealed(d), d.update(extra=1)), "unknown field 'extra'"),
    (lambda d: (_unsealed(d), d.update(version=99)), "'version' 99 is not supported"),
    (lambda d: (_unsealed(d), d.update(format="chess")), "'format' must be"),
    (lambda d: (_unsealed(d), d.update(seed=-4)), "seed must be"),
    (lambda d: (d.pop("checksum"), d.update(moves=d["moves"][:10])), "replay to a different position"),
])
def test_a_malformed_file_gives_a_clear_error(saved, change, message):
    _, text = saved
    with pytest.raises(SaveFileError, match=message):
        saves.loads(_edit(text, change))


def test_a_hand_edited_file_without_seals_loads_when_it_replays(saved):
    game, text = saved
    data = json.loads(text)
    _unsealed(data)
    data["moves"] = data["moves"][:10]
    loaded = saves.loads(json.dumps(data))
    assert len(loaded.moves) == 10


@pytest.mark.parametrize("raw, message", [
    ("{not json", "not JSON"),
    ("[1, 2]", "must hold a JSON object"),
    (b"\xff\xfe", "not UTF-8"),
    ("[" * 100000 + "]" * 100000, "nested too deeply|not JSON"),
    ("", "not JSON"),
])
def test_garbage_gives_a_clear_error(raw, message):
    with pytest.raises(SaveFileError, match=message):
        saves.loads(raw)


def test_a_missing_file_gives_a_clear_error(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read saved game"):
        saves.load(str(tmp_path / "nope.json"))


def test_a_fast_mode_game_cannot_be_saved():
    with pytest.raises(SaveFileError, match="record=False"):
        saves.dumps(Game(record=False))


def test_the_table_models_annotations_round_trip():
    """Reaction times and jump-in races are saved as data and read back as
    the same sentences (T-UNO-CATCH, T-UNO-CENTER, V-JUMP-IN races)."""
    for seed in range(60):
        _, game = play_game("party", ["heuristic"] * 5, seed, record=True)
        if any(isinstance(note, dict) for note in game.notes):
            break
    else:
        raise AssertionError("no annotated game in 60 seeds")
    loaded = saves.loads(saves.dumps(game))
    assert loaded.notes == game.notes and loaded.log() == game.log()


@pytest.mark.parametrize("note", [
    {"key": "noticed"},                                   # a field missing
    {"key": "time", "seconds": 1},                        # a piece of a sentence, not a note
    {"key": "race", "seconds": 1},                        # the wrong fields
    {"key": "reaction", "seconds": float("nan")},         # not a time
    {"key": "reaction", "seconds": -1},
    {"key": "race", "times": []},                         # a race of nobody
    {"key": "race", "times": [[0, 0.5], [9, 0.7]]},       # a seat that is not at the table
    {"key": "noticed_first", "seconds": 0.4, "count": 1},
    {"key": "reaction", "seconds": True},
    ["reaction", 0.4],
])
def test_a_malformed_annotation_is_refused_before_it_can_break_the_log(saved, note):
    game, text = saved
    data = json.loads(text)
    _unsealed(data)
    data["notes"] = {"3": note}
    with pytest.raises(SaveFileError, match="'notes' must map move numbers"):
        saves.loads(json.dumps(data, allow_nan=True))


DATA = __import__("pathlib").Path(__file__).parent / "data"


def test_a_game_saved_by_version_1_of_the_format_still_loads_and_its_digest_is_checked():
    """tests/data/saved_v1.json was saved by uno_nb at e96f5f6 (format version 1,
    whose digest took the position's fields in the order they were declared
    then), with V-TO-THE-LAST, V-SWAP-FIVE, T-READY and the table talk on."""
    text = (DATA / "saved_v1.json").read_text()
    data = json.loads(text)
    assert data["version"] == 1
    game = saves.loads(text)
    assert game.is_over and len(game.moves) == len(data["moves"]) == 320
    assert game.rules.to_the_last and game._out_count == 3
    # a version-1 digest is still checked: a wrong one is refused
    data["digest"] = "0" * 32
    del data["checksum"]
    with pytest.raises(SaveFileError, match="replay to a different position"):
        saves.loads(json.dumps(data))


def test_a_new_save_is_version_2_and_its_digest_names_the_fields_in_name_order(saved):
    game, text = saved
    data = json.loads(text)
    assert data["version"] == saves.VERSION == 2
    names = [name for name, _ in game.named_key()]
    assert names == sorted(names) and {"hands", "_fired", "events"} <= set(names)
    assert saves.loads(text).named_key() == game.named_key()

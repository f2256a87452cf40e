"""Saved games: rules + seed + moves, as JSON.

A saved game is what makes it: the rule set, the number of players, the
seed, the names, the explicitly set-up position (if any) and the moves.
Loading replays the moves on a fresh game, so a loaded game has its full event
log and undo history.  A checksum over the content and a digest of the final
position catch a file that was edited or that no longer replays to the same
game; a malformed file raises :class:`~uno_nb.engine.errors.SaveFileError` naming
what is wrong, and no half-loaded game is ever returned.

This module imports the game, never the reverse (as python-chess's ``pgn``
imports ``chess``):

>>> from uno_nb import Game
>>> game = Game(seed=3)
>>> game.push("draw")
>>> loads(dumps(game)).state_key() == game.state_key()
True
"""

from __future__ import annotations

import hashlib
import math
import json
from pathlib import Path
from typing import Any

from ..texts import ANNOTATION_FIELDS
from .errors import SaveFileError, UnoError
from .game import Game
from .rules import RuleSet

__all__ = ["to_dict", "from_dict", "dumps", "loads", "save", "load", "FORMAT", "VERSION"]

FORMAT = "uno_nb-game"
VERSION = 2
#: The versions this module reads (1: the digest in the fields' old order).
VERSIONS = (1, 2)
MAX_BYTES = 20_000_000
_KEYS = {"format", "version", "rules", "players", "seed", "names", "max_rounds",
         "position", "moves", "notes", "digest", "checksum"}
_REQUIRED = {"format", "version", "rules", "players", "seed", "moves"}


def _digest(game: Game, version: int = VERSION) -> str:
    """A digest of the position the moves lead to.  Version 2 names each field
    and takes them in name order, so declaring a field elsewhere changes
    nothing; version 1 took them in the order of declaration of that time
    (:data:`_V1_LISTS`, :data:`_V1_VALUES`), kept so its files still load."""
    if version == 1:
        fields = [(name, getattr(game, name)) for name in _V1_LISTS + _V1_VALUES]
        key: tuple[Any, ...] = (
            tuple(map(tuple, game.hands)), tuple(tuple(v) for _, v in fields[:len(_V1_LISTS)]),
            tuple(v for _, v in fields[len(_V1_LISTS):]),
            tuple(sorted((k, v) for k, v in game._fired.items() if v)), len(game.events))
    else:
        key = game.named_key()
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


#: The fields a version-1 digest took, in its order (frozen: files of that version).
_V1_LISTS = ("_hmask", "draw_pile", "discard", "scores", "cards_drawn", "round_results",
             "_won_round", "_is_out", "_finish", "_refills", "_last_played")
_V1_VALUES = ("_deck", "colour", "_match", "current", "direction", "phase", "pending",
              "pending_card", "_w4", "drawn_card", "top_by", "uno_open", "dealer", "round_no",
              "turns", "_chance", "outcome", "_out_count", "_skip_bounce", "_exchange",
              "_resume", "_silence", "_slap")


def _checksum(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def to_dict(game: Game) -> dict[str, Any]:
    if not game.record:
        raise SaveFileError("a game made with record=False keeps no move list to save")
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "rules": game.rules.to_dict(), "players": game.n, "seed": game.seed,
        "names": list(game.given_names) if game.given_names else None, "max_rounds": game.max_rounds,
        "position": game._position,
        "moves": [m.text for m in game.moves],
        "notes": {str(i): note for i, note in enumerate(game.notes) if note},
        "digest": _digest(game),
    }
    data["checksum"] = _checksum(data)
    return data


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), indent=1, ensure_ascii=False)


def _is_annotation(note: Any, players: Any) -> bool:
    """Free text, or an annotation as uno_nb.sim.simulation writes it: one of the
    known keys with exactly its fields (texts.ANNOTATION_FIELDS), seconds as
    finite numbers >= 0, seats of this game."""
    if isinstance(note, str):
        return True
    if not isinstance(note, dict) or note.get("key") not in ANNOTATION_FIELDS:
        return False
    if set(note) - {"key"} != ANNOTATION_FIELDS[note["key"]]:
        return False

    def seconds(value: Any) -> bool:
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value) and value >= 0)

    if "seconds" in note and not seconds(note["seconds"]):
        return False
    if "count" in note and not (type(note["count"]) is int and note["count"] >= 2):
        return False
    if "times" in note:
        times = note["times"]
        return isinstance(times, list) and len(times) >= 2 and all(
            isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int
            and type(players) is int and 0 <= pair[0] < players and seconds(pair[1])
            for pair in times)
    return True


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveFileError(f"bad saved game: {message}")


def from_dict(data: Any) -> Game:
    _need(isinstance(data, dict), "the file must hold a JSON object")
    _need(data.get("format") == FORMAT, f"'format' must be {FORMAT!r}, got {data.get('format')!r}")
    _need(data.get("version") in VERSIONS,
          f"'version' {data.get('version')!r} is not supported (this is version {VERSION})")
    missing = sorted(_REQUIRED - data.keys())
    _need(not missing, f"missing {', '.join(map(repr, missing))}")
    unknown = sorted(set(data) - _KEYS)
    _need(not unknown, f"unknown field {', '.join(map(repr, unknown))}")
    if "checksum" in data:
        _need(data["checksum"] == _checksum(data),
              "the checksum does not match: the file was changed after it was saved "
              "(remove 'checksum' and 'digest' to load a hand-edited game)")
    rules_data = data["rules"]
    _need(isinstance(rules_data, dict), "'rules' must be an object of rule options")
    moves = data["moves"]
    _need(isinstance(moves, list) and all(isinstance(m, str) for m in moves),
          "'moves' must be a list of move texts")
    notes = data.get("notes") or {}
    _need(isinstance(notes, dict) and all(_is_annotation(v, data.get("players")) for v in notes.values()),
          "'notes' must map move numbers to text or to an annotation of the table model")
    try:
        rules = RuleSet.from_dict(rules_data)
        position = data.get("position")
        common = dict(seed=data["seed"], names=data.get("names"),
                      max_rounds=data.get("max_rounds"), record=True)
        if position is not None:
            _need(isinstance(position, dict), "'position' must be an object")
            allowed = {"hands", "discard", "draw_pile", "current", "direction", "colour",
                       "dealer", "scores", "top_by"}
            extra = sorted(set(position) - allowed)
            _need(not extra, f"unknown position field {', '.join(map(repr, extra))}")
            game = Game.from_position(rules, **position, **common)
            _need(game.n == data["players"], "'players' does not match the position's hands")
        else:
            game = Game(rules, data["players"], **common)
    except SaveFileError:
        raise
    except (UnoError, TypeError) as exc:
        raise SaveFileError(f"bad saved game: {exc}") from None
    for i, text in enumerate(moves):
        try:
            game.push(game.parse_move(text) if ":" in text else text, note=notes.get(str(i)))
        except UnoError as exc:
            raise SaveFileError(f"bad saved game: move {i + 1} ({text!r}) does not replay: {exc}") from None
    if "digest" in data:
        _need(data["digest"] == _digest(game, data["version"]),
              "the moves replay to a different position than the one saved "
              "(saved by another version of uno_nb?)")
    return game


def loads(text: str | bytes) -> Game:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"bad saved game: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if len(text) > MAX_BYTES:
        raise SaveFileError(f"bad saved game: larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"bad saved game: not JSON ({exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno})") from None
    except RecursionError:
        raise SaveFileError("bad saved game: nested too deeply") from None
    return from_dict(data)


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps(game), encoding="utf-8")


def load(path: str | Path) -> Game:
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveFileError(f"cannot read saved game {str(path)!r}: {exc.strerror}") from None
    return loads(raw)

"""Small helpers shared by the tests."""

import ast
from pathlib import Path

from uno_nb import Game
from uno_nb.texts import sentence


#: Tests name seats by their index (P0 is seat 0) and cards by their codes, so
#: that a pinned line reads like the move notation ("0:RS" -> "P0 plays RS").
SEAT_NAMES = tuple(f"P{i}" for i in range(10))


def texts(game: Game, last: int | None = None) -> list[str]:
    """The event log's lines (the last ``last`` of them), seats as P0, P1 …
    unless the game has names of its own, cards as codes."""
    names = game.given_names or SEAT_NAMES[:game.n]
    lines = [sentence(e, names=names, codes=True) for e in game.events]
    return lines if last is None else lines[-last:]


def hand(game: Game, seat: int) -> str:
    return " ".join(c.text for c in game.hands[seat])


def check_position(game: Game, deck_size: int = 108) -> None:
    """The invariants that hold after every move: every card accounted for,
    a legal move for whoever must act, bit masks that agree with the hands."""
    from uno_nb import Phase
    assert game.card_count() == deck_size
    assert sum(game.all_cards().values()) == deck_size
    if game.phase is not Phase.GAME_OVER:
        assert game.turn_moves(), f"{game.names[game.current]} has no legal move"
    for seat, cards in enumerate(game.hands):
        mask = 0
        for card in cards:
            mask |= card.bit
        assert game._hmask[seat] == mask


def imported_names(path: Path) -> set[str]:
    """What a file of the package imports, as full names, relative imports
    resolved (``from .. import engine`` in uno_nb/texts/x.py is
    ``uno_nb.engine``; ``from ..engine.cards import Card`` is
    ``uno_nb.engine.cards.Card``), imports inside functions and under ``if
    TYPE_CHECKING:`` included."""
    parts = path.resolve().parts
    package = parts[len(parts) - 1 - parts[::-1].index("uno_nb"):-1]  # what "." stands for
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[:len(package) - node.level + 1]
                base = ".".join((*parent, *([node.module] if node.module else [])))
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found

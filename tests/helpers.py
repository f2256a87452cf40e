"""Small helpers shared by the tests."""

from uno_nb import Game


def texts(game: Game, last: int | None = None) -> list[str]:
    """The event log's lines (the last ``last`` of them)."""
    lines = [e.text for e in game.events]
    return lines if last is None else lines[-last:]


def hand(game: Game, seat: int) -> str:
    return " ".join(c.text for c in game.hands[seat])

"""Small helpers shared by the tests."""

from uno_nb import Game


def texts(game: Game, last: int | None = None) -> list[str]:
    """The event log's lines (the last ``last`` of them)."""
    lines = [e.text for e in game.events]
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

import pytest

from uno_nb import Game


@pytest.fixture
def pos():
    """Game.from_position, with a harmless draw pile by default (top first)."""
    def make(hands, discard, draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", **kw):
        return Game.from_position(kw.pop("rules", None), hands=hands, discard=discard,
                                  draw_pile=draw_pile, **kw)
    return make

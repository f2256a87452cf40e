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


def png_pixels(data: bytes):
    """A PNG's pixels as a numpy array (rows × columns × channels, 8-bit),
    decoded with the standard library's zlib: enough for a browser's
    screenshot (8-bit greyscale, grey and alpha, RGB or RGBA, not
    interlaced), where Pillow is not installed."""
    import struct
    import zlib

    import numpy as np

    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, header, parts = 8, None, []
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            parts.append(chunk)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise ValueError("a PNG without its header")
    width, height, depth, colour, _compression, _filter, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or interlace or channels is None:
        raise ValueError(f"a PNG of depth {depth}, colour type {colour}, interlace {interlace}")
    raw = zlib.decompress(b"".join(parts))
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.uint8)
    above = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row_filter, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride if row_filter else 0):  # undo the row's filter (PNG, section 9)
            left = line[i - channels] if i >= channels else 0
            up = above[i]
            if row_filter == 1:
                line[i] = (line[i] + left) & 0xFF
            elif row_filter == 2:
                line[i] = (line[i] + up) & 0xFF
            elif row_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif row_filter == 4:
                corner = above[i - channels] if i >= channels else 0
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 0xFF
        rows[y] = np.frombuffer(bytes(line), dtype=np.uint8)
        above = line
    return rows.reshape(height, width, channels)

"""Table talk (docs/rules.md §10): T-SILENT-TWOS, T-ADVICE, T-UNO-CENTER."""

from __future__ import annotations

from typing import Any

from . import events as ev
from .cards import Card
from .state import Annotation, GameState

__all__ = ["TableTalk"]


class TableTalk(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()

    def _table_penalty(self, p: int, rule: str, key: str, note: Annotation | None = None,
                       **values: Any) -> None:
        """A table-talk rule broken: ``p`` draws 2 (T-… rules)."""
        self._fired[rule] += 1
        if self.record:
            self._log(ev.Note(key, (("player", p), *values.items()), rule=rule, note=note))
        self._draw_cards(p, 2, "table", rule)

    def _talk_after_play(self, card: Card) -> None:
        self._slap = -1  # T-UNO-CENTER: the slap follows the call, not later plays
        self._talk_after_turn()

    def _talk_after_turn(self) -> None:
        """T-SILENT-TWOS: a 2's silence ends when the turn comes back to its
        player; a black card's silence ends when the colour changes."""
        silence = self._silence
        if silence is None:
            return
        if silence[0] == "2" and self.current == silence[1]:
            self._silence = None
            if self.record:
                self._log(ev.note("silence.two_ends", "T-SILENT-TWOS", player=silence[1]))
        elif silence[0] == "black" and self.colour != silence[1]:
            self._silence = None
            if self.record:
                self._log(ev.note("silence.black_ends", "T-SILENT-TWOS"))

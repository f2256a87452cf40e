"""Table talk (docs/rules.md §10): T-SILENT-TWOS, T-ADVICE, T-UNO-CENTER."""

from __future__ import annotations

from typing import Any, ClassVar

from . import events as ev
from .cards import Card
from .state import Annotation, GameState

__all__ = ["TableTalk"]


class TableTalk(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): T-SILENT-TWOS's silence,
    #: T-UNO-CENTER's race to slap.
    OWNS: ClassVar[tuple[str, ...]] = ("_silence", "_slap")

    def _table_penalty(self, p: int, rule: str, key: str, note: Annotation | None = None,
                       **values: Any) -> None:
        """A table-talk rule broken: ``p`` draws 2 (T-… rules)."""
        self._fired[rule] += 1
        if self.record:
            self._log(ev.Note(key, (("player", p), *values.items()), rule=rule, note=note))
        self._draw_cards(p, 2, "table", rule)

    def _silenced(self, kind: str, value: Any) -> None:
        """T-SILENT-TWOS: silence after a 2 (``value``: its player) or, with
        its extension, a black card (``value``: the colour chosen)."""
        self._silence = (kind, value)
        if kind == "2":
            self._note("T-SILENT-TWOS", "silence.two", player=value)
        else:
            self._note("T-SILENT-TWOS", "silence.black")

    def _spoke(self, p: int) -> None:
        """T-SILENT-TWOS: ``p`` spoke in the silence: it is over, and ``p`` draws 2."""
        self._silence = None
        self._table_penalty(p, "T-SILENT-TWOS", "silence.spoke")

    def _slap_called(self, p: int) -> None:
        """T-UNO-CENTER: ``p`` called "UNO!"; everyone else slaps their hand."""
        self._slap = p

    def _slap_over(self) -> None:
        """T-UNO-CENTER: the race to slap is over (a move was made)."""
        self._slap = -1

    def _slowest(self, p: int, note: Annotation | None) -> None:
        """T-UNO-CENTER: ``p`` slapped last and draws 2."""
        caller = self._slap
        self._slap = -1
        self._table_penalty(p, "T-UNO-CENTER", "uno_center.slowest", note, target=caller)

    def _talk_ends(self) -> None:
        """The round is over: no silence, no race to slap."""
        self._silence = None
        self._slap = -1

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

"""What a batch of games shows: :class:`Summary`, each figure with its 95%
interval, from a list of records (:func:`summarize`) or from a
:class:`~uno_nb.sim.batch.Batch` (:func:`uno_nb.sim.batch.summarize_batch`,
the same summary without a Python object per game)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .montecarlo import Estimate, mean_of, proportion
from .simulation import GameRecord

__all__ = ["Summary", "summarize", "mean_or_nan"]


@dataclass(frozen=True)
class Summary:
    """What a batch of games shows, each figure with its 95% interval."""

    games: int
    players: int
    abandoned: int
    turns: Estimate                       #: mean turns per game
    turns_histogram: dict[int, int]       #: turns -> number of games
    seat_wins: tuple[Estimate, ...]       #: each seat's share of the wins
    position_wins: tuple[Estimate, ...]   #: share of wins by place after the first player (0 = first)
    points: Estimate                      #: the winner's points per round
    cards_drawn: Estimate                 #: cards drawn per player per game
    fired_per_game: dict[str, Estimate] = field(default_factory=dict)  #: mean times per game
    fired_share: dict[str, Estimate] = field(default_factory=dict)     #: share of games it fired in

    def table(self, lang: str = "en") -> list[tuple[str, str]]:
        """The headline figures as (label, text) rows, in ``lang``: each
        estimate with its 95% interval, players named from 1."""
        from ..texts import player_name, text
        from ..texts.numbers import fmt_decimal, fmt_int, fmt_interval, fmt_percent

        def shown(e: Estimate, percent: bool = False) -> str:
            fmt: Callable[[float], str] = ((lambda x: fmt_percent(x, lang)) if percent
                                           else (lambda x: fmt_decimal(x, 2, lang)))
            return text("summary.estimate", lang, value=fmt(e.estimate),
                        interval=fmt_interval(fmt(e.low), fmt(e.high), lang))

        rows = [(text("summary.games", lang),
                 text("summary.games.value", lang, games=fmt_int(self.games, lang),
                      abandoned=fmt_int(self.abandoned, lang))),
                (text("summary.turns", lang), shown(self.turns)),
                (text("summary.first_wins", lang), shown(self.position_wins[0], percent=True))]
        rows += [(text("summary.seat_wins", lang, player=player_name(i, lang)), shown(e, percent=True))
                 for i, e in enumerate(self.seat_wins)]
        rows += [(text("summary.points", lang), shown(self.points)),
                 (text("summary.cards_drawn", lang), shown(self.cards_drawn))]
        return rows


def mean_or_nan(values: Sequence[float], confidence: float) -> Estimate:
    """A mean with its interval; with fewer than 2 values, NaN where it cannot be had."""
    if len(values) >= 2:
        return mean_of(values, confidence)
    nan = float("nan")
    return Estimate(values[0] if values else nan, nan, nan, nan, len(values), confidence)


def summarize(records: Sequence[GameRecord], confidence: float = 0.95) -> Summary:
    """Summary statistics of a list of records (all with the same number of players)."""
    if len(records) < 2:
        raise ValueError("a summary needs at least 2 games")
    players = records[0].players
    if any(r.players != players for r in records):
        raise ValueError("all records must have the same number of players")
    n = len(records)
    finished = [r for r in records if r.winner is not None]
    m = max(len(finished), 1)
    wins = Counter(r.winner for r in finished)
    positions = Counter((r.winner - r.first_player) % players for r in finished)  # type: ignore[operator]
    fired_names = sorted({name for r in records for name in r.fired})
    return Summary(
        games=n, players=players, abandoned=n - len(finished),
        turns=mean_of([float(r.turns) for r in records], confidence),
        turns_histogram=dict(sorted(Counter(r.turns for r in records).items())),
        seat_wins=tuple(proportion(wins[s], m, confidence) for s in range(players)),
        position_wins=tuple(proportion(positions[s], m, confidence) for s in range(players)),
        points=mean_or_nan([r.points / max(r.rounds, 1) for r in finished], confidence),
        cards_drawn=mean_of([sum(r.cards_drawn) / players for r in records], confidence),
        fired_per_game={name: mean_of([float(r.fired.get(name, 0)) for r in records], confidence)
                        for name in fired_names},
        fired_share={name: proportion(sum(1 for r in records if r.fired.get(name)), n, confidence)
                     for name in fired_names},
    )

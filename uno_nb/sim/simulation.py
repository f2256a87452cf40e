"""Playing seeded games between bots: one record per game.

:func:`play_game` plays one game; :func:`run_games` plays ``n`` games on the
seeds ``seed, seed + 1, …``.  Besides the bots' own moves the runner plays
the people at the table (docs/rules.md §10, §12):

* **T-UNO-CATCH** — right after a player is left with one card, they call
  "UNO!" unless they forget (their ``forget`` trait); if they forget, every
  other player notices with their ``notice`` trait, and the fastest of those
  who noticed (a reaction-time draw) catches them.
* **Jump-in races** (V-JUMP-IN, V-DOUBLES, and sending a Skip back under
  V-REVERSE-BOUNCE) — every bot that may play out of turn is asked whether it
  wants to; if several do, the fastest reaction wins, and the race is shown
  in the event log.
* **Table talk** (§10) — during a silence each player may speak up
  (``talk``), each turn each other player may give advice (``advise``), and
  after an UNO! call the slowest to slap the caller's hand is found by
  reaction times (T-SILENT-TWOS, T-ADVICE, T-UNO-CENTER).

All draws come from one ``random.Random`` seeded from the game's seed, apart
from the game's own chance RNG, so bots never disturb the deck: the
generator of stream :data:`~uno_nb.sim.table.TABLE_STREAM`
(``random.Random(mix(seed, TABLE_STREAM))``).  The seats' traits are
:func:`~uno_nb.sim.table.draw_traits` of the seed, drawn once a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .bots import Bot, make_bot
from ..engine.game import GAME_OVER, Game
from ..engine.rules import RuleSet
from .table import TABLE_STREAM, draw_traits, jump_in_race, seeded, table_talk, uno_call

__all__ = ["GameRecord", "play_game", "run_games", "DEFAULT_MAX_TURNS"]

DEFAULT_MAX_TURNS = 5000


@dataclass(frozen=True)
class GameRecord:
    """One game, as a tidy row."""

    seed: int
    players: int
    winner: int | None          #: the winning seat (``None`` if abandoned)
    winner_bot: str | None      #: the winning seat's bot
    first_player: int           #: who played first in round 1
    dealer: int                 #: who dealt round 1
    turns: int
    moves: int
    rounds: int
    points: int                 #: the winner's final score
    scores: tuple[int, ...]
    cards_drawn: tuple[int, ...]
    fired: dict[str, int] = field(hash=False)
    abandoned: bool = False


def _bots(lineup: Sequence[Bot | str]) -> list[Bot]:
    return [make_bot(b) if isinstance(b, str) else b for b in lineup]


def play_game(rules: RuleSet | str | None, lineup: Sequence[Bot | str], seed: int, *,
              max_rounds: int | None = 1, max_turns: int = DEFAULT_MAX_TURNS,
              record: bool = False,
              observer: Callable[[Game], None] | None = None) -> tuple[GameRecord, Game]:
    """Play one game between bots; returns the record and the finished game.

    ``observer(game)`` is called after every move.  A game that reaches
    ``max_turns`` turns is abandoned (its record says so)."""
    bots = _bots(lineup)
    game = Game(rules, len(bots), seed, max_rounds=max_rounds, record=record)
    rng = seeded(seed, TABLE_STREAM)
    traits = draw_traits(seed, game.n)
    first, dealer = game.current, game.dealer
    rules = game.rules
    jump = rules.jump_in or rules.doubles or rules.reverse_bounce
    talk = "talk" in rules.shortcuts_off()
    moves = 0
    abandoned = False
    views = [game.view(seat) for seat in range(game.n)]
    while game.phase is not GAME_OVER:
        if game.turns >= max_turns:
            abandoned = True
            break
        if jump and game.top_by >= 0:
            moves += jump_in_race(game, bots, views, rng, observer, traits=traits)
            if game.phase is GAME_OVER:
                break
        actor = game.current
        move = bots[actor].choose(views[actor], game.turn_moves(), rng)
        game.push(move)
        moves += 1
        if observer is not None:
            observer(game)
        if game.uno_open >= 0:
            moves += uno_call(game, rng, observer, traits=traits)
        if talk and game.phase is not GAME_OVER:
            moves += table_talk(game, rng, observer, traits=traits)
    outcome = game.outcome
    winner = None if abandoned or outcome is None else outcome.winner
    rec = GameRecord(
        seed=seed, players=game.n, winner=winner,
        winner_bot=None if winner is None else bots[winner].name,
        first_player=first, dealer=dealer, turns=game.turns, moves=moves,
        rounds=game.round_no, points=0 if winner is None else game.scores[winner],
        scores=tuple(game.scores), cards_drawn=tuple(game.cards_drawn),
        fired=dict(game.fired), abandoned=abandoned)
    return rec, game


def run_games(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int, seed: int = 0, *,
              max_rounds: int | None = 1, max_turns: int = DEFAULT_MAX_TURNS,
              progress: Callable[[int, int], None] | None = None) -> list[GameRecord]:
    """Play ``n`` games on seeds ``seed … seed + n - 1``; ``progress(done, n)``
    is called after each game."""
    bots = _bots(lineup)
    records = []
    for i in range(n):
        records.append(play_game(rules, bots, seed + i, max_rounds=max_rounds,
                                 max_turns=max_turns)[0])
        if progress is not None:
            progress(i + 1, n)
    return records


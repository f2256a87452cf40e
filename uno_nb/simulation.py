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
from the game's own chance RNG, so bots never disturb the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .bots import Bot, make_bot
from .game import GAME_OVER, Game
from .rules import RuleSet
from .table import reaction_time

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
    rng = random.Random(f"uno_nb:{seed}:table")
    first, dealer = game.current, game.dealer
    rules = game.rules
    jump = rules.jump_in or rules.doubles or rules.reverse_bounce
    talk = rules.silent_twos or rules.advice or rules.uno_center
    moves = 0
    abandoned = False
    views = [game.view(seat) for seat in range(game.n)]
    while game.phase is not GAME_OVER:
        if game.turns >= max_turns:
            abandoned = True
            break
        if jump and game.top_by >= 0:
            moves += _jump_ins(game, bots, views, rng, observer)
            if game.phase is GAME_OVER:
                break
        actor = game.current
        move = bots[actor].choose(views[actor], game.turn_moves(), rng)
        game.push(move)
        moves += 1
        if observer is not None:
            observer(game)
        if game.uno_open >= 0:
            moves += _uno_call(game, rng, observer)
        if talk and game.phase is not GAME_OVER:
            moves += _table_talk(game, rng, observer)
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


def _uno_call(game: Game, rng: random.Random,
              observer: Callable[[Game], None] | None = None) -> int:
    """T-UNO-CATCH for the player just left with one card."""
    p = game.uno_open
    traits = game.traits
    if rng.random() >= traits[p].forget:
        game.push(f"{p}:uno")
        if observer is not None:
            observer(game)
        return 1
    noticed = [(reaction_time(traits[q], rng), q) for q in range(game.n)
               if q != p and rng.random() < traits[q].notice]
    if not noticed:
        return 0
    noticed.sort()
    t, q = noticed[0]
    note = ({"key": "noticed_first", "seconds": round(t, 2), "count": len(noticed)}
            if len(noticed) > 1 else {"key": "noticed", "seconds": round(t, 2)})
    game.push(f"{q}:catch {p}", note=note)
    if observer is not None:
        observer(game)
    return 1


def _table_talk(game: Game, rng: random.Random,
                observer: Callable[[Game], None] | None = None,
                people: frozenset[int] = frozenset()) -> int:
    """T-UNO-CENTER, T-SILENT-TWOS and T-ADVICE, after a move (``people``:
    seats played by a person, who talk for themselves)."""
    done = 0
    traits = game.traits
    rules = game.rules
    if game._slap >= 0:
        caller = game._slap
        times = sorted((reaction_time(traits[s], rng), s) for s in range(game.n)
                       if s != caller and not game.out[s] and s not in people)
        if times:
            t, slowest = times[-1]
            game.push(f"{slowest}:slow", note={"key": "reaction", "seconds": round(t, 2)})
            done += 1
            if observer is not None:
                observer(game)
    if game.silence is not None:
        speakers = [s for s in range(game.n) if not game.out[s] and s not in people
                    and rng.random() < traits[s].talk]
        if speakers:
            game.push(f"{speakers[0]}:speak")
            done += 1
            if observer is not None:
                observer(game)
    if rules.advice and game.phase <= 2:
        for s in range(game.n):
            if s != game.current and not game.out[s] and s not in people \
                    and rng.random() < traits[s].advise:
                game.push(f"{s}:advise")
                done += 1
                if observer is not None:
                    observer(game)
                break
    return done


def _jump_ins(game: Game, bots: Sequence[Bot], views: Sequence[object],
              rng: random.Random, observer: Callable[[Game], None] | None = None) -> int:
    """V-JUMP-IN races (docs/rules.md §12): the fastest willing player jumps in."""
    done = 0
    while game.top_by >= 0 and game.phase is not GAME_OVER:
        options = game.jump_in_moves()
        if not options:
            break
        willing = {}
        for move in options:
            if move.player not in willing and bots[move.player].wants_jump_in(
                    views[move.player], move, rng):  # type: ignore[arg-type]
                same = [m for m in options if m.player == move.player]
                choice = bots[move.player].choose(views[move.player], same, rng)  # type: ignore[arg-type]
                willing[move.player] = choice
        if not willing:
            break
        race = sorted((reaction_time(game.traits[s], rng), s) for s in willing)
        t, seat = race[0]
        note = ({"key": "race", "times": [[s, round(x, 2)] for x, s in race]}
                if len(race) > 1 else None)
        game.push(willing[seat], note=note)
        done += 1
        if observer is not None:
            observer(game)
        if game.uno_open >= 0:
            done += _uno_call(game, rng, observer)
    return done


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

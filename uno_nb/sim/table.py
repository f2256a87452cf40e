"""Models of people at the table (docs/rules.md §10).

Table-talk rules depend on attention and speed, which a program does not
have.  Each seat gets traits drawn once from the game's seed
(:func:`draw_traits`), so a simulation shows what such a rule does to a game
while staying reproducible.  Chances are whole numbers per mille and times
whole milliseconds, so that the compiled kernel makes the very same
comparisons without rounding anything (a chance ``p`` holds when
``rng.random() < p / 1000``, one correctly rounded division):

* ``forget`` — chance of forgetting to call "UNO!" (T-UNO-CATCH);
* ``notice`` — chance of noticing that someone else forgot;
* ``reaction`` — mean reaction time in milliseconds, which settles races
  (who catches first, who jumps in first: docs/rules.md §12; who slaps last
  under T-UNO-CENTER);
* ``talk`` — chance of speaking up during a silence, each move (T-SILENT-TWOS);
* ``advise`` — chance of advising the player to move, each turn (T-ADVICE).

A game's people are not the engine's business: each function takes the
seats' ``traits`` (by default :func:`draw_traits` of the game's seed and
number of players), and the runner and the play page draw them once a game.

The table model plays those people, one public function per moment of play;
the seeded runner (:mod:`uno_nb.sim.simulation`) and the play page
(:class:`uno_nb.widgets.PlayApp`) both use it:

* :func:`uno_call` — right after a player is left with one card, they call
  "UNO!" unless they forget (``forget``); then :func:`uno_catch`;
* :func:`uno_catch` — every other player notices a forgotten call with their
  ``notice`` trait, and the fastest of those who noticed catches the player;
* :func:`table_talk` — after a move: the slowest to slap an UNO! caller's
  hand (T-UNO-CENTER), speaking up in a silence (T-SILENT-TWOS), advice to
  the player to move (T-ADVICE);
* :func:`jump_in_race` — every bot that may play out of turn is asked
  whether it wants to (V-JUMP-IN, V-DOUBLES, a Skip sent back under
  V-REVERSE-BOUNCE); the fastest reaction wins, and a race of several is
  written in the move's note.

``people`` are the seats played by a person at the notebook: they decide for
themselves (they call "UNO!", talk and jump in by clicking), so the model
never calls, talks or jumps in for them.  Catching is the exception: anyone
who is not the forgetful player may notice a forgotten call, a person's seat
included (the play page catches a bot on the person's behalf).  Every draw
comes from the ``random.Random`` passed in, in a fixed order, so a game is
reproducible from its seed (the compiled kernel, :mod:`uno_nb.kernel.jit`,
makes the very same draws).  ``observer(game)``, if given, is called after
every move the model makes; each function returns how many moves it made.

The generators of the table model are seeded with whole numbers,
``random.Random(mix(seed, stream))`` (:func:`uno_nb.engine.deal.mix`), on
stream numbers of their own (:data:`TABLE_STREAM` …): the game's chance
events use the streams 1, 2, 3, … counting up, and ``mix(seed, k)`` is a
different number for every ``k`` below 2**64, so no table generator ever
repeats a shuffle's.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Callable, Collection, Sequence

from ..engine.deal import mix

if TYPE_CHECKING:
    from .bots import Bot
    from ..engine.game import Game
    from ..engine.view import PlayerView

__all__ = ["PlayerTraits", "draw_traits", "reaction_time", "seeded", "Observer", "uno_call",
           "uno_catch", "table_talk", "jump_in_race", "TABLE_STREAM", "TRAITS_STREAM",
           "TALK_STREAM", "PLAY_STREAM", "STREAMS"]

# The mix() streams of the table model's generators: far beyond the chance
# events' 1, 2, 3, … (a game would have to shuffle 2**62 times to reach one),
# and below 2**63 (the compiled kernel's int64).
#: The runner's generator: its bots' choices and the table model's draws.
TABLE_STREAM = 2**62 + 1
#: The seats' forget, notice and reaction (:func:`draw_traits`).
TRAITS_STREAM = 2**62 + 2
#: The seats' talk and advise (:func:`draw_traits`).
TALK_STREAM = 2**62 + 3
#: The play page's generator (:class:`uno_nb.widgets.PlayApp`).
PLAY_STREAM = 2**62 + 4
#: Every stream of the table model.
STREAMS = (TABLE_STREAM, TRAITS_STREAM, TALK_STREAM, PLAY_STREAM)

#: Called with the game after every move the table model makes.
Observer = Callable[["Game"], None]


@dataclass(frozen=True)
class PlayerTraits:
    """One seat's table manners: chances per mille (0 to 1000: ``forget=1000``
    always forgets), the mean reaction time in milliseconds."""

    forget: int
    notice: int
    reaction: int
    talk: int = 0
    advise: int = 0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            top = None if field.name == "reaction" else 1000
            if type(value) is not int or value < 0 or (top is not None and value > top):
                unit = "milliseconds, a whole number >= 0" if top is None else \
                    "a chance per mille, a whole number from 0 to 1000"
                raise ValueError(f"PlayerTraits.{field.name} is {unit}, got {value!r}")


def seeded(seed: int, stream: int) -> random.Random:
    """The table model's generator ``stream`` (:data:`TABLE_STREAM` …) of game ``seed``."""
    return random.Random(mix(seed, stream))


@functools.lru_cache(maxsize=256)
def draw_traits(seed: int, players: int) -> tuple[PlayerTraits, ...]:
    """Traits for every seat, from the game's seed (same seed, same people):
    per seat forget 50–350 ‰, notice 200–800 ‰ and reaction 300–1200 ms from
    the :data:`TRAITS_STREAM` generator, then per seat talk 0–150 ‰ and advise
    0–50 ‰ from the :data:`TALK_STREAM` one (``randint``: whole numbers,
    both ends included)."""
    rng = seeded(seed, TRAITS_STREAM)
    base = [(rng.randint(50, 350), rng.randint(200, 800), rng.randint(300, 1200))
            for _ in range(players)]
    talk = seeded(seed, TALK_STREAM)
    return tuple(
        PlayerTraits(forget=f, notice=n, reaction=r,
                     talk=talk.randint(0, 150), advise=talk.randint(0, 50))
        for f, n, r in base)


def _traits(game: Game, traits: Sequence[PlayerTraits] | None) -> Sequence[PlayerTraits]:
    """``traits``, or by default the people of the game's seed."""
    return draw_traits(game.seed, game.n) if traits is None else traits


def reaction_time(traits: PlayerTraits, rng: random.Random) -> int:
    """One reaction, in whole milliseconds: the seat's mean scaled by a
    uniform 0.5–1.5, rounded down (``int`` of one product: the same in the
    compiled kernel)."""
    return int(traits.reaction * (0.5 + rng.random()))


def _seconds(ms: int) -> float:
    """A reaction time as the log shows it: seconds, to the hundredth."""
    return round(ms / 1000, 2)


def uno_call(game: Game, rng: random.Random, observer: Observer | None = None,
             people: Collection[int] = frozenset(), *,
             traits: Sequence[PlayerTraits] | None = None) -> int:
    """T-UNO-CATCH for the player just left with one card (``game.uno_open``):
    they call "UNO!" unless they forget (their ``forget`` trait); a forgotten
    call may be caught (:func:`uno_catch`).  A person (a seat in ``people``)
    calls for themselves: nothing happens.  ``traits``: every seat's, by
    default :func:`draw_traits` of the game's seed.  Returns the moves made
    (0 or 1)."""
    p = game.uno_open
    if p < 0 or p in people:
        return 0
    traits = _traits(game, traits)
    if rng.random() >= traits[p].forget / 1000:
        game.push(f"{p}:uno")
        if observer is not None:
            observer(game)
        return 1
    return uno_catch(game, rng, observer, traits=traits)


def uno_catch(game: Game, rng: random.Random, observer: Observer | None = None, *,
              traits: Sequence[PlayerTraits] | None = None) -> int:
    """T-UNO-CATCH: the player with one card (``game.uno_open``) has not
    called "UNO!".  Every other seat notices with its ``notice`` trait (one
    draw each, in seat order, then a reaction time for each who noticed); the
    fastest who noticed catches them, with the time in the move's note.
    Returns the moves made (0 or 1)."""
    p = game.uno_open
    if p < 0:
        return 0
    traits = _traits(game, traits)
    noticed = [(reaction_time(traits[q], rng), q) for q in range(game.n)
               if q != p and rng.random() < traits[q].notice / 1000]
    if not noticed:
        return 0
    noticed.sort()
    t, q = noticed[0]
    note = ({"key": "noticed_first", "seconds": _seconds(t), "count": len(noticed)}
            if len(noticed) > 1 else {"key": "noticed", "seconds": _seconds(t)})
    game.push(f"{q}:catch {p}", note=note)
    if observer is not None:
        observer(game)
    return 1


def table_talk(game: Game, rng: random.Random, observer: Observer | None = None,
               people: Collection[int] = frozenset(), *,
               traits: Sequence[PlayerTraits] | None = None) -> int:
    """Table talk after a move, in this order: under T-UNO-CENTER the slowest
    to slap the caller's hand (by reaction times) draws; in a silence
    (T-SILENT-TWOS) the first seat that speaks up (``talk`` trait) draws;
    under T-ADVICE, during a turn, the first other seat that advises the
    player (``advise`` trait) draws.  Seats out of the round and ``people``
    (who talk for themselves) take no part.  Returns the moves made."""
    done = 0
    traits = _traits(game, traits)
    caller = game.slapper
    if caller is not None:
        times = sorted((reaction_time(traits[s], rng), s) for s in range(game.n)
                       if s != caller and not game.out[s] and s not in people)
        if times:
            t, slowest = times[-1]
            game.push(f"{slowest}:slow", note={"key": "reaction", "seconds": _seconds(t)})
            done += 1
            if observer is not None:
                observer(game)
    if game.silence is not None:
        speakers = [s for s in range(game.n) if not game.out[s] and s not in people
                    and rng.random() < traits[s].talk / 1000]
        if speakers:
            game.push(f"{speakers[0]}:speak")
            done += 1
            if observer is not None:
                observer(game)
    if game.rules.advice and game.in_turn:
        for s in range(game.n):
            if s != game.current and not game.out[s] and s not in people \
                    and rng.random() < traits[s].advise / 1000:
                game.push(f"{s}:advise")
                done += 1
                if observer is not None:
                    observer(game)
                break
    return done


def jump_in_race(game: Game, bots: Sequence[Bot], views: Sequence[PlayerView],
                 rng: random.Random, observer: Observer | None = None,
                 people: Collection[int] = frozenset(), *,
                 traits: Sequence[PlayerTraits] | None = None) -> int:
    """Jump-in races (docs/rules.md §12), while the top card may be answered
    out of turn: each seat with a jump-in move (V-JUMP-IN, V-DOUBLES, a Skip
    sent back under V-REVERSE-BOUNCE), in the order of
    :meth:`~uno_nb.engine.game.Game.jump_in_moves`, is asked whether it wants to
    (``bots[seat].wants_jump_in``) and, if so, which of its moves
    (``bots[seat].choose``, looking at ``views[seat]``); the fastest reaction
    of the willing wins (a race of several is noted with every time), then
    :func:`uno_call` follows.  ``people`` jump in by clicking: they are never
    asked, and their entries in ``bots`` and ``views`` are not used.
    Returns the moves made."""
    done = 0
    traits = _traits(game, traits)
    while game.top_by >= 0 and not game.is_over:
        options = game.jump_in_moves()
        if not options:
            break
        willing = {}
        for move in options:
            seat = move.player
            if seat not in willing and seat not in people \
                    and bots[seat].wants_jump_in(views[seat], move, rng):
                same = [m for m in options if m.player == seat]
                willing[seat] = bots[seat].choose(views[seat], same, rng)
        if not willing:
            break
        race = sorted((reaction_time(traits[s], rng), s) for s in willing)
        t, seat = race[0]
        note = ({"key": "race", "times": [[s, _seconds(x)] for x, s in race]}
                if len(race) > 1 else None)
        game.push(willing[seat], note=note)
        done += 1
        if observer is not None:
            observer(game)
        if game.uno_open >= 0:
            done += uno_call(game, rng, observer, people, traits=traits)
    return done

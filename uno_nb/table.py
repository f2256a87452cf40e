"""Models of people at the table (docs/rules.md §10).

Table-talk rules depend on attention and speed, which a program does not
have.  Each seat gets traits drawn once from the game's seeded RNG, so a
simulation shows what such a rule does to a game while staying reproducible:

* ``forget`` — chance of forgetting to call "UNO!" (T-UNO-CATCH);
* ``notice`` — chance of noticing that someone else forgot;
* ``reaction`` — mean reaction time in seconds, which settles races
  (who catches first, who jumps in first: docs/rules.md §12; who slaps last
  under T-UNO-CENTER);
* ``talk`` — chance of speaking up during a silence, each move (T-SILENT-TWOS);
* ``advise`` — chance of advising the player to move, each turn (T-ADVICE).

A human at the notebook decides for themselves; their traits are ignored.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["PlayerTraits", "draw_traits", "reaction_time"]


@dataclass(frozen=True)
class PlayerTraits:
    forget: float
    notice: float
    reaction: float
    talk: float = 0.0
    advise: float = 0.0


def draw_traits(seed: int, players: int) -> tuple[PlayerTraits, ...]:
    """Traits for every seat, from the game's seed (same seed, same people)."""
    rng = random.Random(f"uno_nb:{seed}:traits")
    base = [(round(rng.uniform(0.05, 0.35), 3), round(rng.uniform(0.2, 0.8), 3),
             round(rng.uniform(0.3, 1.2), 3)) for _ in range(players)]
    talk = random.Random(f"uno_nb:{seed}:talk")
    return tuple(
        PlayerTraits(forget=f, notice=n, reaction=r,
                     talk=round(talk.uniform(0.0, 0.15), 3), advise=round(talk.uniform(0.0, 0.05), 3))
        for f, n, r in base)


def reaction_time(traits: PlayerTraits, rng: random.Random) -> float:
    """One reaction, in seconds: the seat's mean scaled by a uniform 0.5–1.5."""
    return round(traits.reaction * (0.5 + rng.random()), 3)

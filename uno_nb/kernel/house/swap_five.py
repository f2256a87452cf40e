"""V-SWAP-FIVE in the kernel: a 5's player chooses a partner, each gives a card."""

from __future__ import annotations

from numba import njit

from ..constants import F_V_SWAP_FIVE, P_GIVE, P_TURN
from ..layout import CUR, EXFIRST, EXGIVEN, EXPART, FIRED, I64, PHASE
from ..mirror import mirrors
from ..state import add_card, after, remove_card


@mirrors("uno_nb.engine.house.swap_five.SwapFive.apply")
@njit(cache=True)
def choose_partner(st: I64, p: int, target: int) -> None:
    """The EXCHANGE phase's SWAP: ``p`` exchanges a card with ``target``."""
    st[EXFIRST] = p
    st[EXPART] = target
    st[EXGIVEN] = -1
    st[PHASE] = P_GIVE
    st[CUR] = p


@mirrors("uno_nb.engine.house.swap_five.give")
@njit(cache=True)
def give(st: I64, card: int) -> None:
    """A GIVE: the first side's card is kept until the partner's; then both move."""
    if st[EXGIVEN] < 0:
        st[EXGIVEN] = card
        st[CUR] = st[EXPART]
        return
    first, partner, given = st[EXFIRST], st[EXPART], st[EXGIVEN]
    remove_card(st, first, given)
    add_card(st, first, card)
    remove_card(st, partner, card)
    add_card(st, partner, given)
    st[EXFIRST] = -1
    st[PHASE] = P_TURN
    st[CUR] = after(st, first)
    st[FIRED + F_V_SWAP_FIVE] += 1

"""The kernel's numbers are generated: ``kernel/constants.py`` is what
``python -m uno_nb.kernel.generate`` writes from the engine's declarations.
"""

from __future__ import annotations

from uno_nb.kernel import generate


def test_the_constants_are_the_generated_ones():
    committed = generate.TARGET.read_text(encoding="utf-8")
    assert committed == generate.render(), \
        f"uno_nb/kernel/constants.py is stale: run `{generate.COMMAND}`"


def test_the_constants_are_plain_ints_named_after_the_engine():
    from uno_nb.engine.state import COUNTED_RULES
    from uno_nb.kernel import constants
    values = {k: v for k, v in vars(constants).items() if k.isupper()}
    assert values and all(type(v) is int for v in values.values())
    assert constants.F_R_CHALLENGE_GUILTY == COUNTED_RULES.index("R-CHALLENGE-GUILTY")
    assert (constants.RK_P2, constants.RK_W4) == (12, 14)
    assert constants.SCORE_LAZY == 2 and constants.START_NUMBER == 1
    assert constants.CHALLENGE_RETURN == 1
    assert constants.D_BLUFF_OK == len(generate.RuleSet.option_names())

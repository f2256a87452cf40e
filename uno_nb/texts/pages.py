"""Texts: what the notebook pages print from Python (``page.<page>.…``).

The prose of a page stays in its notebook's markdown cells; these are the
sentences its code cells print, so that they read the same in every language.
"""

EN: dict[str, str] = {
    # -- 00_index ---------------------------------------------------------------------
    "page.index.switches": "Every variant and house rule of the Russian rule texts can be "
                           "switched on or off here: {count} switches.",
    "page.index.presets": "{count} {count|preset sets|presets set} them all at once: {names}.",
    # -- 01_rules_step_by_step ----------------------------------------------------------
    "page.rules.choices": "{player} may play {cards}, or draw a card.",
    "page.rules.choices_only": "{player} may play {cards}.",
    "page.rules.no_choice": "{player} has no card that fits and must draw.",
    "page.rules.any_colour": "{card} (naming any colour)",
    "page.rules.event": "{sentence} — {rule}",
    # -- 03_scoring ---------------------------------------------------------------------
    "page.scoring.mean_hand": "A hand of {cards} dealt from a full deck is worth {points} points "
                              "on average (exactly {exact}).",
    "page.scoring.hand": "A hand of {cards} counts {sum} = {total} {count|point|points}.",
    "page.scoring.round_points": "Over {games} one-round {count|game|games}, the winner of the "
                                 "round scored {mean} points on average (95% interval: "
                                 "{interval}).",
    "page.scoring.variant": "Rule: {rule}. {summary}",
}

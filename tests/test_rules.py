"""The RuleSet: options, metadata, presets and refusals."""

import dataclasses

import pytest

from uno_nb import PRESETS, RuleError, RuleSet


def test_standard_preset_is_the_default_rule_set():
    rules = RuleSet.preset("standard")
    assert rules == RuleSet()
    assert rules.start_card == "effect" and not rules.deflect_2 and not rules.jump_in
    assert rules.challenge == "std" and rules.uno_penalty == 2 and rules.target_score == 500
    assert {"R-START-EFFECT", "R-DRAW-NO-ANSWER", "R-CHALLENGE-GUILTY-STD", "R-UNO",
            "R-DRAW-ANYTIME"} <= rules.active_ids()


def test_cnuno_preset_matches_the_rule_card():
    rules = RuleSet.preset("CNUNO")
    assert {"V-START-NUMBER", "V-DEFLECT-2", "V-W4-SAVE-2", "V-JUMP-IN",
            "R-CHALLENGE-GUILTY", "R-UNO"} <= rules.active_ids()
    assert rules.name == "cnuno" and RuleSet().name == "standard"
    assert rules.replace(jump_in=False).name == "custom"


def test_every_option_carries_rule_id_description_and_source():
    infos = RuleSet.options()
    assert [i.name for i in infos] == [f.name for f in dataclasses.fields(RuleSet)]
    for info in infos:
        assert info.rule and info.doc and info.source
        assert info.default == getattr(RuleSet(), info.name)


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        RuleSet().jump_in = True


def test_unknown_option_name_is_refused_with_a_suggestion():
    with pytest.raises(RuleError, match=r"unknown rule option 'jumpin' \(did you mean 'jump_in'\?\)"):
        RuleSet().replace(jumpin=True)
    with pytest.raises(RuleError, match="unknown rule option 'nonsense'"):
        RuleSet.from_dict({"nonsense": 1})


@pytest.mark.parametrize("changes, message", [
    ({"jump_in": 1}, "'jump_in' must be bool"),
    ({"uno_penalty": 3}, "'uno_penalty' cannot be 3"),
    ({"start_card": "wild"}, "'start_card' cannot be 'wild'"),
    ({"challenge": "maybe"}, "'challenge' cannot be 'maybe'"),
    ({"target_score": 0}, "'target_score' must be between"),
    ({"target_score": "500"}, "'target_score' must be int"),
])
def test_bad_option_values_are_refused_naming_the_option(changes, message):
    with pytest.raises(RuleError, match=message):
        RuleSet().replace(**changes)


def test_unknown_preset_is_refused():
    with pytest.raises(RuleError, match="unknown preset 'party2'"):
        RuleSet.preset("party2")


def test_options_from_command_line_text():
    rules = RuleSet().with_text(["jump_in=on", "uno_penalty=4", "start-card=number"])
    assert rules.jump_in and rules.uno_penalty == 4 and rules.start_card == "number"
    assert "V-UNO-PENALTY-4" in rules.active_ids()
    with pytest.raises(RuleError, match="is on or off"):
        RuleSet().with_text(["jump_in=maybe"])
    with pytest.raises(RuleError, match="write name=value"):
        RuleSet().with_text(["jump_in"])


def test_dict_round_trip_and_preset_key():
    for rules in PRESETS.values():
        assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_dict({"preset": "cnuno", "jump_in": False}) == \
        PRESETS["cnuno"].replace(jump_in=False)


def test_each_rule_is_declared_once_and_the_lists_derive_from_the_options():
    """The counted rule ids, the panel's groups, the rule-owned fields and
    phases of the position all come from the options' own declarations."""
    import re
    from pathlib import Path

    from uno_nb.engine import rules as r
    from uno_nb.engine.state import POSITION, Phase
    infos = RuleSet.options()
    # every option is in exactly one group, groups in screen order, options in declaration order
    assert [name for group in r.GROUPS.values() for name in group] == [i.name for i in infos]
    assert tuple(r.GROUPS) == r.GROUP_NAMES and all(r.GROUPS.values())
    # the counted ids: the core ones, then each option's, none twice
    declared = [rule for f in dataclasses.fields(RuleSet) for rule in f.metadata["counts"]]
    assert r.COUNTED_RULES == r.CORE_COUNTED + tuple(declared)
    assert len(set(r.COUNTED_RULES)) == len(r.COUNTED_RULES)
    # and each of them is named in the engine's code (no declaration left behind by a removed rule)
    engine = "".join(p.read_text() for p in (Path(r.__file__).parent).rglob("*.py")
                     if p.name != "rules.py")  # the house rules' modules (engine/house/) too
    literals = set(re.findall(r'"([RTV]-[A-Z0-9-]+)"', engine))
    assert set(r.COUNTED_RULES) <= literals, set(r.COUNTED_RULES) - literals
    # the rule-owned fields are in the position; the rule-owned phases are phases
    assert r.RULE_STATE.items() <= POSITION.items()
    assert set(r.RULE_PHASES) <= set(Phase.__members__)
    owners = {f.name: f.metadata for f in dataclasses.fields(RuleSet)}
    assert owners["to_the_last"]["state"].keys() == {"_is_out", "_finish", "_out_count"}
    assert owners["swap_five"]["phases"] == ("EXCHANGE", "GIVE")

"""The rules panel in a learner's words: every switch has a label and one
sentence of help from the text table with its rule id beside it; a switch
changes the rule set; a refused combination is explained with both switches'
labels and changes nothing."""

import html
import re

import pytest

pytest.importorskip("ipywidgets")


from uno_nb import PRESETS, RuleError, RuleSet  # noqa: E402
from uno_nb.engine.rules import _EXCLUSIONS, _REQUIRES  # noqa: E402
from uno_nb.texts import TABLE, has, placeholders, text  # noqa: E402
from uno_nb.widgets import RulesPanel  # noqa: E402
from uno_nb.widgets.rules_panel import (GROUPS, changes_text, differences,  # noqa: E402
                                        nearest_preset, refusal_text, rules_name)

from tests.reading import assert_learner_prose, html_text, visible  # noqa: E402

OPTIONS = RuleSet.options()
INFOS = {info.name: info for info in OPTIONS}
BOOLS = [info.name for info in OPTIONS if info.kind is bool]


# -- what a person reads -------------------------------------------------------------------




# -- the table ----------------------------------------------------------------------------

def test_every_option_has_a_label_and_one_sentence_of_help():
    for info in OPTIONS:
        label, help_text = info.label(), info.help()
        assert has(f"option.{info.name}") and has(f"option.{info.name}.help")
        assert label and "_" not in label and label != info.name, info.name
        assert len(label) <= 40, label  # short enough to sit beside a checkbox
        assert help_text.endswith((".", "!")) and help_text[0].isupper(), help_text
        assert help_text.count(". ") == 0, help_text  # one sentence
        assert "_" not in help_text and info.rule not in help_text, help_text
    labels = [info.label() for info in OPTIONS]
    assert len(set(labels)) == len(labels)  # no two switches look alike


def test_every_choice_has_its_words():
    for info in OPTIONS:
        if info.kind is bool or not info.choices:
            continue
        for value in info.choices:
            words = info.choice(value)
            assert has(f"option.{info.name}.{value}") and words and "_" not in words
        assert len({info.choice(v) for v in info.choices}) == len(info.choices)
    assert INFOS["start_card"].choice("number") == "turn cards until a number shows"
    assert INFOS["stack"].choice(True) == text("rules.on")


def test_every_preset_is_named_and_explained():
    for name in PRESETS:
        assert has(f"preset.{name}") and has(f"preset.{name}.help")
        assert text(f"preset.{name}") != name
    assert "CNUNO-1" in text("preset.cnuno") and "CNUNO-1" in text("preset.cnuno.help")


def test_every_refusal_has_its_reason_and_the_texts_are_not_left_in_the_apps_table():
    for a, b, _ in _EXCLUSIONS + _REQUIRES:
        assert has(f"rules.why.{a}.{b}"), (a, b)
    assert has("rules.why.h2o.scoring")
    for key in [k for k in TABLE["en"] if k.startswith("app.")]:
        assert not re.match(r"app\.(preset|custom|rules_refused|group_|lab_|bot_)", key), key
    assert {f"rules.group.{group}" for group in GROUPS} <= TABLE["en"].keys()
    for key, template in TABLE["en"].items():
        if key.startswith(("option.", "preset.", "rules.")):
            assert placeholders(template) <= {"first", "second", "why", "value", "name", "base",
                                              "changes", "option"}, key


def test_the_groups_hold_every_option_once():
    names = [name for group in GROUPS.values() for name in group]
    assert sorted(names) == sorted(RuleSet.option_names())


# -- RuleError carries the options; the learner's sentence names them by label ---------------

@pytest.mark.parametrize("changes, first, second, conflict", [
    (dict(stack=True, deflect_2=True), "stack", "deflect_2", "excludes"),
    (dict(seven_rounds=True, to_the_last=True), "seven_rounds", "to_the_last", "excludes"),
    (dict(stack_mixed=True), "stack_mixed", "stack", "requires"),
    (dict(silent_black=True), "silent_black", "silent_twos", "requires"),
    (dict(h2o=True), "h2o", "scoring", "requires"),
])
def test_a_refusal_carries_both_options_and_reads_as_prose(changes, first, second, conflict):
    with pytest.raises(RuleError) as caught:
        RuleSet(**changes)
    error = caught.value
    assert error.options == (first, second) and error.conflict == conflict
    assert f"({first})" in str(error)  # the developer's message is unchanged
    said = refusal_text(error)
    assert f"“{INFOS[first].label()}”" in said and f"“{INFOS[second].label()}”" in said
    assert text(f"rules.why.{first}.{second}") in said
    assert_learner_prose([said])
    if first == "h2o":
        assert INFOS["scoring"].choice("penalty") in said
        assert error.value == "penalty"


def test_an_error_without_options_gets_the_general_sentence():
    assert refusal_text(RuleError("something else")) == text("rules.refused.other")


# -- the panel shows every switch in words -----------------------------------------------------

def open_all(panel: RulesPanel) -> RulesPanel:
    """Make every group's switches, as opening each group does."""
    for index in range(len(GROUPS)):
        panel._accordion.selected_index = index
    panel._accordion.selected_index = None
    return panel


def _row_texts(panel: RulesPanel, name: str) -> list[str]:
    control = panel.control(name)
    for section in panel._accordion.children:
        for row in section.children:
            line, help_box = row.children
            if line.children[0] is control:
                return visible(row)
    raise AssertionError(f"no row for {name}")


def test_the_panel_shows_each_label_with_its_rule_id_and_help():
    panel = open_all(RulesPanel("standard"))
    for info in OPTIONS:
        control = panel.control(info.name)
        assert control.description == info.label()
        assert f"uno-rule-{info.name}" in control._dom_classes
        shown = " ".join(_row_texts(panel, info.name))
        assert f"{info.label()}" in shown
        assert f"· {info.id_for(getattr(panel.rules, info.name))}" in shown
        assert info.help() in shown
        tag = panel._ids[info.name].value
        assert 'class="uno-rule-id"' in tag and f'title="{html.escape(info.help())}"' in tag
    assert panel.control("stack").description == "Stack draw cards"
    assert "· V-STACK" in panel._ids["stack"].value
    assert list(panel._accordion.titles) == [text(f"rules.group.{g}") for g in GROUPS]
    assert_learner_prose(visible(panel.widget))


def test_a_choice_shows_its_words_and_the_rule_id_of_the_value_chosen():
    panel = RulesPanel("standard")
    start = panel.control("start_card")
    assert start._options_labels == (text("option.start_card.effect"),
                                     text("option.start_card.number"))
    assert "R-START-EFFECT" in panel._ids["start_card"].value
    start.value = "number"
    assert panel.rules.start_card == "number"
    assert "V-START-NUMBER" in panel._ids["start_card"].value
    assert "R-START-EFFECT" not in panel._ids["start_card"].value


def test_the_preset_menu_names_the_presets_and_explains_the_one_chosen():
    panel = RulesPanel("cnuno")
    assert panel._preset._options_labels[:len(PRESETS)] == tuple(text(f"preset.{n}") for n in PRESETS)
    assert panel._preset.value == "cnuno"
    assert text("preset.cnuno.help") == html_text(panel._preset_help.value)
    panel._preset.value = "party"
    assert panel.rules == RuleSet.preset("party")
    assert text("preset.party.help") == html_text(panel._preset_help.value)
    panel.control("jump_in").value = False
    assert panel._preset.value == "custom"
    open_all(panel)
    about = html_text(panel._preset_help.value)
    assert about == text("rules.custom.help", name="Party rules − Jump in")
    panel._preset.value = "custom"  # not a rule set of its own: nothing changes
    assert panel.rules == RuleSet.preset("party").replace(jump_in=False)
    assert panel._preset.value == "custom"
    assert_learner_prose(visible(panel.widget))


def test_a_group_s_switches_are_made_when_it_is_first_opened():
    panel = RulesPanel("party")
    assert panel._controls == {} and all(not s.children for s in panel._accordion.children)
    draw = list(GROUPS).index("draw")
    panel._accordion.selected_index = draw
    built = panel._accordion.children[draw].children
    assert len(built) == len(GROUPS["draw"]) and set(panel._controls) == set(GROUPS["draw"])
    assert panel.control("stack").value is True  # made with the rules in force
    assert panel.control("deflect_2").value is False
    panel._accordion.selected_index = None
    panel._accordion.selected_index = draw
    assert panel._accordion.children[draw].children == built  # made once
    panel._preset.value = "cnuno"  # a change while other groups are still closed
    assert panel.control("stack").value is False and panel.control("deflect_2").value is True
    assert panel.control("start_card").value == "number"  # a group made after the change
    assert set(panel._controls) == set(GROUPS["draw"]) | set(GROUPS["turn"])


# -- switching -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", BOOLS)
def test_each_switch_changes_the_rule_set_or_says_why_not(name):
    seen = []
    panel = RulesPanel("standard", on_change=seen.append)
    before = panel.rules
    panel.control(name).value = not getattr(before, name)
    try:
        expected = before.replace(**{name: not getattr(before, name)})
    except RuleError as error:
        assert panel.rules == before and seen == []
        assert panel.control(name).value == getattr(before, name)  # the tick is undone
        assert panel.message == refusal_text(error) and panel.message
        assert INFOS[name].label() in panel.message
        return
    assert panel.rules == expected and seen == [expected]
    assert panel.message == ""
    assert panel._preset.value == expected.name


@pytest.mark.parametrize("preset, changes, first, second", [
    ("cnuno", dict(stack=True), "stack", "deflect_2"),
    ("party", dict(deflect_2=True), "stack", "deflect_2"),
    ("standard", dict(stack_mixed=True), "stack_mixed", "stack"),
    ("party", dict(stack=False), "stack_mixed", "stack"),
    ("standard", dict(silent_black=True), "silent_black", "silent_twos"),
    ("standard", dict(h2o=True), "h2o", "scoring"),
])
def test_a_refused_combination_names_both_switches_and_leaves_the_rules(preset, changes, first,
                                                                          second):
    seen = []
    panel = RulesPanel(preset, on_change=seen.append)
    before = panel.rules
    panel.set(**changes)
    assert panel.rules == before and seen == []
    for name in changes:
        assert panel.control(name).value == getattr(before, name)
    message = panel.message
    assert f"“{INFOS[first].label()}”" in message and f"“{INFOS[second].label()}”" in message
    assert "uno-refused" in panel._message.value
    assert_learner_prose([message, html_text(panel._message.value)])
    # the next accepted change clears the message
    panel.control("jump_in").value = not before.jump_in
    assert panel.message == "" and panel._message.value == ""
    assert panel.rules == before.replace(jump_in=not before.jump_in)


def test_the_refusal_is_lifted_once_the_other_switch_is_off():
    panel = RulesPanel("cnuno")
    panel.control("stack").value = True
    assert panel.message
    panel.control("deflect_2").value = False
    panel.control("stack").value = True
    assert panel.rules.stack and not panel.rules.deflect_2 and panel.message == ""


def test_the_target_score_and_the_uno_penalty_are_set_in_words():
    panel = RulesPanel("standard")
    assert panel.control("uno_penalty")._options_labels == ("2 cards", "4 cards")
    panel.control("uno_penalty").value = 4
    panel.control("target_score").value = 250
    assert panel.rules == RuleSet(uno_penalty=4, target_score=250)
    assert "V-UNO-PENALTY-4" in panel._ids["uno_penalty"].value
    assert html_text(panel._preset_help.value) == text(
        "rules.custom.help", name="Standard rules · Missed UNO! costs: 4 cards "
                                  "· Points that end the game: 250")


# -- rule sets by name ------------------------------------------------------------------------------

def test_a_rule_set_is_named_by_its_nearest_preset_and_what_differs():
    assert rules_name(RuleSet()) == "Standard rules"
    assert rules_name(RuleSet.preset("cnuno")) == "CNUNO-1 rule card"
    assert rules_name(RuleSet(stack=True)) == "Standard rules + Stack draw cards"
    assert rules_name(RuleSet.preset("party").replace(jump_in=False)) == "Party rules − Jump in"
    assert (rules_name(RuleSet.preset("cnuno").replace(start_card="effect"))
            == "CNUNO-1 rule card · Start card: an action card acts at once")
    # jump-in alone is one switch from standard, four from the others
    assert nearest_preset(RuleSet(jump_in=True)) == "standard"
    assert changes_text(RuleSet(), RuleSet()) == ""
    assert (changes_text(RuleSet(stack=True, jump_in=True), RuleSet(), listed=True)
            == "+ Stack draw cards, + Jump in")


def test_a_tie_between_presets_goes_to_the_one_preferred():
    # Four switches from the CNUNO-1 card and four from the party rules.
    mixed = RuleSet.preset("party").replace(start_card="number", w4_save_2=True,
                                            challenge="return", seven_zero=False)
    assert len(differences(mixed, PRESETS["cnuno"])) == len(differences(mixed, PRESETS["party"])) == 4
    assert nearest_preset(mixed) == "cnuno"  # the first in the menu
    assert nearest_preset(mixed, prefer="party") == "party"
    assert rules_name(mixed, prefer="party").startswith("Party rules · Start card: ")
    # a nearer preset wins over the preferred one
    assert nearest_preset(RuleSet(stack=True), prefer="party") == "standard"

"""The rules panel: every RuleSet option as a control, built from its metadata."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from ..errors import RuleError
from ..rules import PRESETS, OptionInfo, RuleSet
from ._common import tagged
from ..texts import text

__all__ = ["RulesPanel", "GROUPS"]

#: How the options are grouped on screen, by field name (every field appears once).
GROUPS: dict[str, tuple[str, ...]] = {
    "group_turn": ("start_card", "draw_anytime", "play_drawn", "draw_until_playable",
                   "w4_bluff", "w4_anytime", "misplay_penalty", "uno_penalty",
                   "two_player_skip", "challenge"),
    "group_draw": ("deflect_2", "w4_save_2", "stack", "stack_mixed", "reverse_bounce", "plus10",
                   "jump_in"),
    "group_effects": ("doubles", "seven_zero", "swap_five", "colour_wheel"),
    "group_scoring": ("scoring", "target_score", "drop_zero", "to_the_last", "seven_rounds",
                      "h2o"),
    "group_table": ("uno_center", "silent_twos", "silent_black", "advice", "ready"),
}


class RulesPanel:
    """Toggles for every rule option, grouped, with a preset menu.

    ``panel.rules`` is the current valid :class:`RuleSet`; ``on_change`` is
    called with it after each valid change.  A change that would make a
    combination that cannot be played is undone on screen, with a message
    saying which options exclude each other."""

    def __init__(self, rules: RuleSet | str | None = None,
                 on_change: Callable[[RuleSet], None] | None = None, lang: str = "en") -> None:
        self._lang = lang
        self._rules = RuleSet.preset(rules) if isinstance(rules, str) else (rules or RuleSet())
        self._on_change = on_change
        self._quiet = False
        self._infos = {info.name: info for info in RuleSet.options()}
        self._controls: dict[str, w.ValueWidget] = {}
        self._preset = w.Dropdown(options=list(PRESETS) + [text("app.custom", lang)],
                                  description=text("app.preset", lang))
        self._message = tagged(w.HTML(), "uno-rules-message")
        sections = []
        titles = []
        for group, names in GROUPS.items():
            rows = [self._make_control(self._infos[name]) for name in names]
            sections.append(w.VBox(rows))
            titles.append(text("app." + group, lang))
        self._accordion = w.Accordion(children=sections, titles=tuple(titles))
        self._preset.observe(self._preset_changed, names="value")
        self.widget = tagged(w.VBox([self._preset, self._message, self._accordion]),
                             "uno-app", "uno-rules")
        self._show(self._rules)

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def message(self) -> str:
        return self._message.value

    def control(self, name: str) -> w.ValueWidget:
        """The control of one option (for tests and notebooks)."""
        return self._controls[name]

    def _make_control(self, info: OptionInfo) -> w.Widget:
        tip = f"{info.rule}: {info.doc} (seed {info.source})"
        label = f"{info.name} [{info.ids.get(True, info.rule)}]" if info.kind is bool else info.name
        if info.kind is bool:
            control: w.ValueWidget = w.Checkbox(description=label, indent=False, tooltip=tip)
        elif info.choices:
            control = w.Dropdown(options=list(info.choices), description=info.name, tooltip=tip)
        else:
            control = w.BoundedIntText(min=1, max=100_000, description=info.name, tooltip=tip)
        tagged(control, f"uno-rule-{info.name}")
        control.observe(self._control_changed, names="value")
        self._controls[info.name] = control
        return w.HBox([control, w.HTML(f'<span title="{tip}" style="color:#666">'
                                       f'{info.rule}: {info.doc}</span>')])

    def _show(self, rules: RuleSet) -> None:
        self._quiet = True
        try:
            for name, control in self._controls.items():
                control.value = getattr(rules, name)
            self._preset.value = rules.name if rules.name in PRESETS else text("app.custom", self._lang)
        finally:
            self._quiet = False

    def _preset_changed(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] not in PRESETS:
            return
        self._apply(RuleSet.preset(change["new"]))

    def _control_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        values = {name: control.value for name, control in self._controls.items()}
        try:
            rules = RuleSet(**values)
        except RuleError as exc:
            # Refused: the controls go back to the rules in force, and say why.
            self._show(self._rules)
            self._message.value = (f'<span style="color:#b00020">'
                                   f'{text("app.rules_refused", self._lang, reason=exc)}</span>')
            return
        self._apply(rules)

    def _apply(self, rules: RuleSet) -> None:
        self._message.value = ""
        self._rules = rules
        self._show(rules)
        if self._on_change is not None:
            self._on_change(rules)

    def set(self, **changes: Any) -> None:
        """Change options as a person would, one control at a time."""
        for name, value in changes.items():
            self._controls[name].value = value

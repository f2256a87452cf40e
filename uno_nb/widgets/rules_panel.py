"""The rules panel: every RuleSet option as a switch a learner can read.

Each switch shows its short label from the text table (``Stack draw cards``)
with its rule id small beside it (``· V-STACK``, the help sentence as its
tooltip) and the help sentence on a small line below, so the words of
``docs/rules.md`` and of the event log meet on screen.  The preset menu names
the presets and says, under it, what the selected one is.  A combination the
rules refuse is undone at once and explained with both switches' labels.

The module also names rule sets for people (:func:`rules_name`): a preset by
its name, anything else by its nearest preset and what differs from it —
``Standard rules + Stack draw cards``, ``Party rules − Jump in``.

>>> rules_name(RuleSet.preset("party").replace(jump_in=False))
'Party rules − Jump in'
>>> rules_name(RuleSet(stack=True, start_card="number"))
'Standard rules · Start card: turn cards until a number shows + Stack draw cards'
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Sequence

from . import ui as w

from ..engine.errors import RuleError
from ..engine.rules import GROUPS as RULE_GROUPS
from ..engine.rules import PRESETS, OptionInfo, RuleSet
from ..texts import has, refusal_text, text
from ._common import tagged
from .app import App
from ..texts.numbers import fmt_int

__all__ = ["RulesPanel", "GROUPS", "rules_name", "nearest_preset", "differences",
           "change_items", "changes_text", "refusal_text"]

#: How the options are grouped on screen (titles ``rules.group.<key>``), as
#: each option declares (``group=``); differences are listed in this order.
GROUPS = RULE_GROUPS

_INFOS: dict[str, OptionInfo] = {info.name: info for info in RuleSet.options()}
_ORDER: tuple[str, ...] = tuple(name for names in GROUPS.values() for name in names)
_CUSTOM = "custom"  # the preset menu's value when no preset has exactly these rules


# -- rule sets in words ----------------------------------------------------------------

def differences(rules: RuleSet, base: RuleSet) -> list[str]:
    """The options whose values differ between ``rules`` and ``base``, in screen order."""
    return [name for name in _ORDER if getattr(rules, name) != getattr(base, name)]


def _value_words(info: OptionInfo, value: Any, lang: str) -> str:
    if info.kind is int and not info.choices:
        return fmt_int(value, lang)
    return info.choice(value, lang)


def change_items(rules: RuleSet, base: RuleSet, lang: str = "en") -> list[str]:
    """Each change ``rules`` makes in ``base``, in words: ``'+ Stack draw
    cards'``, ``'− Jump in'`` (a switch on or off), ``'· Start card: turn
    cards until a number shows'`` (a choice)."""
    items = []
    for name in differences(rules, base):
        info, value = _INFOS[name], getattr(rules, name)
        if info.kind is bool:
            items.append(text("rules.diff.on" if value else "rules.diff.off", lang,
                              option=info.label(lang)))
        else:
            items.append(text("rules.diff.value", lang, option=info.label(lang),
                              value=_value_words(info, value, lang)))
    return items


def changes_text(rules: RuleSet, base: RuleSet, lang: str = "en", listed: bool = False) -> str:
    """What ``rules`` changes in ``base``: ``'+ Stack draw cards − Jump in'``;
    ``''`` when they are the same.  ``listed``: as a list, the changes
    separated by commas (for a sentence rather than a name)."""
    sep = text("rules.diff.list_sep" if listed else "rules.diff.sep", lang)
    return sep.join(change_items(rules, base, lang))


def nearest_preset(rules: RuleSet, prefer: str | None = None) -> str:
    """The preset that differs from ``rules`` in the fewest options (a tie
    goes to ``prefer``, then to the first preset)."""
    order = list(PRESETS)
    return min(order, key=lambda name: (len(differences(rules, PRESETS[name])),
                                        name != prefer, order.index(name)))


def rules_name(rules: RuleSet, lang: str = "en", prefer: str | None = None) -> str:
    """A rule set's name for people: the preset's (``'Party rules'``), or the
    nearest preset's with what differs (``'Party rules − Jump in'``);
    ``prefer`` picks the preset to start from when two are as near."""
    if rules.name in PRESETS:
        return text(f"preset.{rules.name}", lang)
    base = nearest_preset(rules, prefer)
    return text("rules.name.changed", lang, base=text(f"preset.{base}", lang),
                changes=changes_text(rules, PRESETS[base], lang))


# -- the panel ---------------------------------------------------------------------------

# Inline styles as well as classes: the panel also shows in JupyterLab, where
# the web app's stylesheet (uno.css) is not loaded.
_ID_STYLE = "color:#666;font-size:0.85em;margin-left:0.4em;white-space:nowrap"
_HELP_STYLE = "color:#666;font-size:0.85em;line-height:1.3;margin:0 0 0.5em 1.6em"


class RulesPanel(App):
    """Switches for every rule option, grouped, with a preset menu.

    ``panel.rules`` is the current valid :class:`RuleSet`; ``on_change`` is
    called with it after each valid change.  A change that would make a
    combination that cannot be played is undone on screen, and
    ``panel.message`` says in words which two switches exclude each other
    (``''`` when nothing was refused).  One render funnel, ``_render``.

    A group's switches are made when the group is first opened (or a
    control of it is asked for with :meth:`control`): a page that shows a
    panel, or two, starts with a dozen widgets per panel instead of two hundred.

    ``groups``: the groups of :data:`GROUPS` on show (all of them by default);
    a panel of one group shows it open (the scoring page's switches)."""

    def __init__(self, rules: RuleSet | str | None = None,
                 on_change: Callable[[RuleSet], None] | None = None, lang: str = "en",
                 groups: Sequence[str] | None = None) -> None:
        self._groups = tuple(GROUPS if groups is None else groups)
        if not self._groups or any(g not in GROUPS for g in self._groups):
            raise ValueError(f"groups must be some of {list(GROUPS)}, got {groups!r}")
        self._lang = lang
        self._rules = RuleSet.coerce(rules)
        self._on_change = on_change
        self._quiet = False
        self._message_text = ""
        self._controls: dict[str, w.ValueWidget] = {}
        self._names: dict[int, str] = {}  # id(control) -> option name
        self._ids: dict[str, w.HTML] = {}
        self._preset = tagged(w.Dropdown(
            options=[(text(f"preset.{name}", lang), name) for name in PRESETS]
            + [(text("rules.custom", lang), _CUSTOM)],
            description=text("rules.preset", lang), style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="32em")), "uno-rules-preset")
        # One look for all the rows alike.
        self._shared = dict(auto=w.Layout(width="auto"), html=w.Layout(),
                            line=w.Layout(align_items="center"), row=w.Layout(),
                            checkbox=w.Style(), html_style=w.Style(),
                            dropdown=w.Style(description_width="initial"),
                            number=w.Style(description_width="initial"))
        self._preset_help = tagged(w.HTML(), "uno-preset-help")
        self._message = tagged(w.HTML(), "uno-rules-message")
        self._sections = {group: tagged(w.VBox(), f"uno-rules-group-{group}")
                          for group in self._groups}
        self._accordion = w.Accordion(
            children=list(self._sections.values()),
            titles=tuple(text(f"rules.group.{group}", lang) for group in self._groups))
        self._accordion.observe(self._group_opened, names="selected_index")
        self._preset.observe(self._preset_changed, names="value")
        self.widget = tagged(w.VBox([self._preset, self._preset_help, self._message,
                                     self._accordion]), "uno-app", "uno-rules")
        self._render()
        if len(self._groups) == 1:
            self._accordion.selected_index = 0  # makes its switches (_group_opened)

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def message(self) -> str:
        """The refusal on screen, in words (``''`` when there is none)."""
        return self._message_text

    def control(self, name: str) -> w.ValueWidget:
        """The control of one option (for tests and notebooks); its group's
        switches are made if they were not yet.  An option of a group that is
        not on show has no control (``KeyError``)."""
        if name not in self._controls:
            group = next((g for g in self._groups if name in GROUPS[g]), None)
            if group is None:
                raise KeyError(name)
            self._build(group)
        return self._controls[name]

    def set(self, **changes: Any) -> None:
        """Change options as a person would, one control at a time."""
        for name, value in changes.items():
            self.control(name).value = value

    def _group_opened(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self._build(self._groups[change["new"]])

    def _build(self, group: str) -> None:
        """Make the switches of ``group`` (once) and show them."""
        section = self._sections[group]
        if section.children:
            return
        rows = [self._make_row(_INFOS[name]) for name in GROUPS[group]]
        self._render()
        section.children = rows

    def _make_row(self, info: OptionInfo) -> w.Widget:
        lang, shared = self._lang, self._shared
        label, help_text = info.label(lang), info.help(lang)
        if info.kind is bool:
            control: w.ValueWidget = w.Checkbox(description=label, indent=False, tooltip=help_text,
                                                layout=shared["auto"], style=shared["checkbox"])
        elif info.choices:
            control = w.Dropdown(options=[(_value_words(info, v, lang), v) for v in info.choices],
                                 description=label, tooltip=help_text, layout=shared["auto"],
                                 style=shared["dropdown"])
        else:
            # as wide as its label and a number: a fixed width left the box
            # beside a long label ("Points that end the game") two digits wide
            control = w.BoundedIntText(min=1, max=100_000, step=50, description=label,
                                       tooltip=help_text, style=shared["number"],
                                       layout=shared["auto"])
        tagged(control, f"uno-rule-{info.name}")
        control.value = getattr(self._rules, info.name)
        control.observe(self._control_changed, names="value")
        self._controls[info.name] = control
        self._names[id(control)] = info.name
        self._ids[info.name] = tagged(w.HTML(layout=shared["html"], style=shared["html_style"]),
                                      "uno-rule-tag")
        line = tagged(w.HBox([control, self._ids[info.name]], layout=shared["line"]),
                      "uno-rule-line")
        help_line = tagged(w.HTML(f'<div class="uno-rule-help" style="{_HELP_STYLE}">'
                                  f"{escape(help_text)}</div>",
                                  layout=shared["html"], style=shared["html_style"]),
                           "uno-rule-help-box")
        return tagged(w.VBox([line, help_line], layout=shared["row"]), "uno-rule-row")

    # -- the one render funnel ---------------------------------------------------------

    def _render(self) -> None:
        rules, lang = self._rules, self._lang
        self._quiet = True  # setting the controls is not a person's change
        try:
            for name, control in self._controls.items():
                control.value = getattr(rules, name)
            self._preset.value = rules.name if rules.name in PRESETS else _CUSTOM
        finally:
            self._quiet = False
        for name, tag in self._ids.items():
            info = _INFOS[name]
            rule_id = info.id_for(getattr(rules, name))
            tag.value = (f'<span class="uno-rule-id" style="{_ID_STYLE}" '
                         f'title="{escape(info.help(lang))}">· {escape(rule_id)}</span>')
        if rules.name in PRESETS:
            about = text(f"preset.{rules.name}.help", lang)
        else:
            about = text("rules.custom.help", lang, name=rules_name(rules, lang))
        self._preset_help.value = (f'<div class="uno-preset-about" style="color:#555">'
                                   f"{escape(about)}</div>")
        self._message.value = (f'<div class="uno-refused" style="color:#b00020">'
                               f"{escape(self._message_text)}</div>" if self._message_text else "")

    # -- a person's changes ----------------------------------------------------------------

    def _preset_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"] not in PRESETS:
            # "Your own mix" is what the switches make, not something to pick:
            # the menu goes back to naming the rules in force.
            self._render()
            return
        self._apply(RuleSet.preset(change["new"]))

    def _control_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        name = self._names[id(change["owner"])]
        try:
            rules = self._rules.replace(**{name: change["new"]})
        except RuleError as exc:
            # Refused: the controls go back to the rules in force, and say why.
            self._message_text = refusal_text(exc, self._lang)
            self._render()
            return
        self._apply(rules)

    def _apply(self, rules: RuleSet) -> None:
        self._message_text = ""
        self._rules = rules
        self._render()
        if self._on_change is not None:
            self._on_change(rules)

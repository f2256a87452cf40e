"""The light controls that choose: one of a list of options (a menu, a
slider of named steps) or an integer between bounds (a number box, a slider,
a player that steps on a timer, a progress bar)."""

from __future__ import annotations

from typing import Any

import traitlets as t

from .controls import DescriptionWidget, ValueWidget, Widget

__all__ = ["Dropdown", "SelectionSlider", "BoundedIntText", "IntSlider", "Play", "IntProgress"]


def _pairs(options: Any) -> list[tuple[str, Any]]:
    """Options as ipywidgets takes them: labels, (label, value) pairs or a dict."""
    if isinstance(options, dict):
        return [(str(k), v) for k, v in options.items()]
    pairs = []
    for option in options:
        if isinstance(option, (list, tuple)) and len(option) == 2:
            pairs.append((str(option[0]), option[1]))
        else:
            pairs.append((str(option), option))
    return pairs


class _Selection(DescriptionWidget, ValueWidget):
    """A choice among options (a menu, a slider of named steps)."""

    options = t.Any(())
    value = t.Any(None, allow_none=True)
    index = t.Int(None, allow_none=True)
    label = t.Unicode(None, allow_none=True)
    disabled = t.Bool(False)
    _drawn = (*DescriptionWidget._drawn, "disabled", "index", "options")

    def __init__(self, options: Any = (), value: Any = None, index: int | None = None,
                 label: str | None = None, **kwargs: Any) -> None:
        self._pairs: list[tuple[str, Any]] = []
        self._settling = False
        super().__init__(**kwargs)
        self.options = options
        # as in ipywidgets: the first option unless a value, a label or an index says otherwise
        if value is not None:
            self.value = value
        elif label is not None:
            self.label = label
        elif index is not None:
            self.index = index

    @t.validate("options")
    def _valid_options(self, proposal: Any) -> Any:
        pairs = _pairs(proposal["value"])
        if not pairs and isinstance(self, SelectionSlider):
            raise t.TraitError("options must be nonempty")
        self._pairs = pairs
        return proposal["value"]

    @t.observe("options")
    def _options_changed(self, change: Any) -> None:
        # as in ipywidgets: new options select the first (set the value after them)
        self._settle(0 if self._pairs else None)

    @property
    def _options_labels(self) -> tuple[str, ...]:
        return tuple(label for label, _ in self._pairs)

    @property
    def _options_values(self) -> tuple[Any, ...]:
        return tuple(value for _, value in self._pairs)

    @t.validate("value")
    def _valid_value(self, proposal: Any) -> Any:
        value = proposal["value"]
        if value is None and not self._pairs:
            return None
        if value not in self._options_values:
            raise t.TraitError(f"Invalid selection: value not found: {value!r}")
        return value

    @t.observe("value")
    def _value_changed(self, change: Any) -> None:
        if not self._settling and change["new"] is not None:
            self._settle(self._options_values.index(change["new"]))

    @t.observe("index")
    def _index_changed(self, change: Any) -> None:
        if not self._settling:
            self._settle(change["new"])

    @t.validate("label")
    def _valid_label(self, proposal: Any) -> Any:
        label = proposal["value"]
        if not self._settling and label not in self._options_labels:
            raise t.TraitError(f"Invalid selection: label not found: {label!r}")
        return label

    @t.observe("label")
    def _label_changed(self, change: Any) -> None:
        if not self._settling:
            self._settle(self._options_labels.index(change["new"]))

    def _settle(self, index: int | None) -> None:
        """Make index, value and label agree (value last: observers of the
        value see a consistent control)."""
        self._settling = True
        try:
            if index is None or not self._pairs:
                self.label, self.index = None, None
                self.value = None
            else:
                label, value = self._pairs[index]
                self.label, self.index = label, index
                self.value = value
        finally:
            self._settling = False

    def _props(self) -> dict[str, Any]:
        return {**Widget._props(self), "o": list(self._options_labels), "i": self.index}

    def _from_browser(self, message: dict[str, Any]) -> None:
        index = message.get("v")
        if isinstance(index, int) and not isinstance(index, bool) and not self.disabled \
                and 0 <= index < len(self._pairs):
            self.index = index
        self._touch()  # refused, or kept: the page shows the choice in force


class Dropdown(_Selection):
    kind = "dropdown"


class SelectionSlider(_Selection):
    """A slider of named steps: as ipywidgets', it always has one chosen
    (options that are empty are refused)."""

    kind = "selectionslider"
    index = t.Int(0)
    label = t.Unicode("")
    continuous_update = t.Bool(True)
    readout = t.Bool(True)
    _drawn = (*_Selection._drawn, "continuous_update")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "cu": self.continuous_update}


class _Bounded(DescriptionWidget, ValueWidget):
    """An integer kept between ``min`` and ``max`` (as ipywidgets', a number
    given as a float is made an integer)."""

    value = t.CInt(0)
    min = t.CInt(0)
    max = t.CInt(100)
    _drawn = (*DescriptionWidget._drawn, "value", "min", "max")

    def __init__(self, value: int | None = None, min: int = 0, max: int = 100, **kwargs: Any) -> None:
        super().__init__(min=min, max=max, **kwargs)
        if value is not None:
            self.value = value

    @t.validate("value")
    def _clamp(self, proposal: Any) -> int:
        return int(max(self.min, min(self.max, proposal["value"])))

    @t.observe("min", "max")
    def _bounds_changed(self, change: Any) -> None:
        if self.min > self.max:
            raise t.TraitError(f"min {self.min} is more than max {self.max}")
        self.value = max(self.min, min(self.max, self.value))

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "min": self.min, "max": self.max}


class _Stepped(_Bounded):
    """A bounded integer a person changes, by ``step``."""

    step = t.CInt(1)
    disabled = t.Bool(False)
    _drawn = (*_Bounded._drawn, "step", "disabled")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "step": self.step}

    def _from_browser(self, message: dict[str, Any]) -> None:
        value = message.get("v")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not self.disabled \
                and value == value and abs(value) != float("inf"):
            self.value = int(max(self.min, min(self.max, value)))
        # drawn again even when the value stays (a number out of range, or not a
        # number at all): the page shows the value, not what was typed
        self._touch()


class BoundedIntText(_Stepped):
    kind = "inttext"


class IntSlider(_Stepped):
    kind = "intslider"
    continuous_update = t.Bool(True)
    readout = t.Bool(True)
    _drawn = (*_Stepped._drawn, "continuous_update")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "cu": self.continuous_update}


class Play(_Stepped):
    """Steps its value from min to max on a timer that runs in the browser."""

    kind = "play"
    interval = t.CInt(100)
    show_repeat = t.Bool(True)
    #: whether the timer runs: set by the page's buttons, or from Python
    #: (False stops the page's timer, True starts it)
    playing = t.Bool(False)
    #: the names a screen reader gives its play, pause and stop buttons (the
    #: page's language: ipywidgets' Play has none)
    button_names = t.Tuple(t.Unicode(), t.Unicode(), t.Unicode(),
                           default_value=("play", "pause", "stop"))
    _drawn = (*_Stepped._drawn, "interval", "playing", "button_names")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "ms": self.interval, "pl": self.playing,
                "nm": list(self.button_names)}

    def _from_browser(self, message: dict[str, Any]) -> None:
        if self.disabled:
            self._touch()
            return
        if isinstance(message.get("playing"), bool):
            self.playing = message["playing"]
            self._touch()  # said back even when unchanged: the page waits to hear it
        if "v" in message:
            super()._from_browser(message)


class IntProgress(_Bounded):
    kind = "progress"
    bar_style = t.CaselessStrEnum(values=["success", "info", "warning", "danger", ""],
                                  default_value="")
    _drawn = (*_Bounded._drawn, "bar_style")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "bs": self.bar_style}

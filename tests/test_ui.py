"""The light controls (uno_nb.widgets.ui): one widget draws an app's tree of
controls, changes go to the page as numbered patches of the changed nodes,
and a person's clicks and changes come back as messages that are checked
before anything acts on them.  (The browser side, ui.js, is driven by the
browser tests in tests/test_webapp.py.)"""

from __future__ import annotations

import warnings

import ipywidgets
import pytest
import traitlets

from uno_nb.widgets import ui


@pytest.fixture
def sent(monkeypatch):
    """What the panels send to the page: patches, and whole trees."""
    out: list = []
    monkeypatch.setattr(ui.Panel, "send", lambda self, content, buffers=None: out.append(content))
    real = ui.Panel.send_state

    def send_state(self, key=None):
        if key == "tree":
            out.append(("state", key))
        else:  # anywidget's own
            real(self, key)
    monkeypatch.setattr(ui.Panel, "send_state", send_state)
    return out


def message(panel: ui.Panel, **content) -> None:
    """A message from the page, as the comm delivers it."""
    panel._on_message(panel, content, [])


def test_a_panel_state_is_the_whole_tree_with_each_controls_words_and_looks():
    step = ui.Button(description="Step ▶", tooltip="one move", layout=ui.Layout(width="8em"))
    step.add_class("uno-step")
    seed = ui.BoundedIntText(value=7, min=0, max=99, description="Seed")
    root = ui.VBox([ui.HBox([step, seed]), ui.HTML("<b>Player 1</b>")])
    panel = ui.Panel(root)
    tree = panel.get_state()["tree"]
    assert tree["root"] == root._uid and tree["seq"] == 0
    nodes = {int(k): v for k, v in tree["nodes"].items()}
    assert set(nodes) == {root._uid, root.children[0]._uid, step._uid, seed._uid,
                          root.children[1]._uid}
    assert nodes[step._uid] == {"t": "button", "p": {"d": "Step ▶", "dis": False, "tip": "one move"},
                                "c": ["uno-step"], "l": {"width": "8em"}}
    assert nodes[seed._uid]["p"] == {"d": "Seed", "dis": False, "v": 7, "min": 0, "max": 99, "step": 1}
    assert nodes[root._uid]["k"] == [root.children[0]._uid, root.children[1]._uid]


def test_a_change_sends_only_the_changed_node_numbered_and_a_batch_sends_once(sent):
    text = ui.HTML("a")
    button = ui.Button(description="Go")
    panel = ui.Panel(ui.VBox([text, button]))
    text.value = "b"
    assert sent == [{"seq": 1, "nodes": {str(text._uid): text._node()}, "drop": []}]
    with ui.batch():
        text.value = "c"
        button.disabled = True
        button.layout.display = "none"
    assert len(sent) == 2 and sent[1]["seq"] == 2
    assert set(sent[1]["nodes"]) == {str(text._uid), str(button._uid)}
    assert sent[1]["nodes"][str(button._uid)]["l"] == {"display": "none"}
    assert panel._seq == 2


def test_new_children_are_sent_whole_and_gone_ones_dropped(sent):
    old = ui.Button(description="old")
    box = ui.HBox([old])
    ui.Panel(box)
    new = ui.Button(description="new")
    box.children = [new]
    assert sent[-1]["drop"] == [old._uid]
    assert set(sent[-1]["nodes"]) == {str(box._uid), str(new._uid)}


def test_a_click_reaches_the_button_but_not_a_replaced_closed_or_disabled_one(sent):
    clicks: list[str] = []
    go, off = ui.Button(description="go"), ui.Button(description="off", disabled=True)
    gone = ui.Button(description="gone")
    for button in (go, off, gone):
        button.on_click(lambda b: clicks.append(b.description))
    box = ui.HBox([go, off, gone])
    panel = ui.Panel(box)
    message(panel, ev="click", id=go._uid)
    message(panel, ev="click", id=off._uid)
    gone_id = gone._uid
    box.children = [go, off]
    message(panel, ev="click", id=gone_id)  # on its way from a button no longer drawn
    go.close()
    message(panel, ev="click", id=go._uid)
    message(panel, ev="click", id="not a number")
    message(panel, ev="click")
    again = ui.Button(description="again")
    again.on_click(lambda b: clicks.append(b.description))
    again._uid = 1  # the node JSON's true would name, were a bool taken for a number
    panel2 = ui.Panel(again)
    for forged in (True, float(again._uid), [again._uid]):  # only the number itself names a node
        message(panel2, ev="click", id=forged)
    message(panel2, ev="click", id=again._uid)
    assert clicks == ["go", "again"]
    with pytest.raises(Exception, match="max_length"):
        ui.Text(max_length=-1)  # (it kept all but the last characters typed)


def test_what_the_page_sends_is_checked_before_it_changes_a_value(sent):
    seed = ui.BoundedIntText(value=5, min=0, max=10)
    menu = ui.Dropdown(options=[("slow", 1500), ("fast", 250)], value=250)
    tick = ui.Checkbox(value=False)
    slider = ui.IntSlider(value=3, min=0, max=20)
    panel = ui.Panel(ui.VBox([seed, menu, tick, slider]))
    for bad in ("fifty", None, True, [1], {"x": 1}):
        message(panel, ev="value", id=seed._uid, v=bad)
    assert seed.value == 5
    message(panel, ev="value", id=seed._uid, v=1e9)  # a number out of range is kept in range
    assert seed.value == 10
    for bad in (2, -1, "0", True, None):
        message(panel, ev="value", id=menu._uid, v=bad)
    assert menu.value == 250 and menu.label == "fast"
    message(panel, ev="value", id=menu._uid, v=0)
    assert (menu.value, menu.index, menu.label) == (1500, 0, "slow")
    message(panel, ev="value", id=tick._uid, v="yes")
    assert tick.value is False
    message(panel, ev="value", id=tick._uid, v=True)
    assert tick.value is True
    message(panel, ev="value", id=slider._uid, v=12)
    assert slider.value == 12


def test_a_page_that_missed_a_patch_gets_the_whole_tree(sent):
    text = ui.HTML("a")
    panel = ui.Panel(text)
    message(panel, ev="hello", seq=0)  # it holds the tree as it is: nothing to send
    assert sent == []
    text.value = "b"  # sent while the page was still loading
    message(panel, ev="hello", seq=0)
    assert sent[-1] == ("state", "tree")
    assert panel.get_state("tree")["tree"]["seq"] == 1
    message(panel, ev="sync")  # the page saw a gap in the numbers
    assert sent[-1] == ("state", "tree")


def test_a_menu_keeps_value_index_and_label_together():
    seen = []
    menu = ui.Dropdown(options=["a", "b", "c"], value="b")
    menu.observe(lambda change: seen.append((change["new"], menu.index, menu.label)), names="value")
    menu.index = 2
    assert seen == [("c", 2, "c")]
    menu.options = [("x", 1), ("y", 2)]
    assert (menu.value, menu.index, menu.label) == (1, 0, "x")
    assert menu._options_labels == ("x", "y")
    with pytest.raises(traitlets.TraitError):
        menu.value = 3
    # as ipywidgets: new options select the first, even when the value is among them
    menu.options = [("y", 2), ("x", 1), ("z", 3)]
    assert (menu.value, menu.index, menu.label) == (2, 0, "y")
    menu.label = "z"
    assert (menu.value, menu.index) == (3, 2)
    with pytest.raises(traitlets.TraitError):
        menu.label = "w"
    assert ui.Dropdown(options=["a", "b", "c"], index=1).value == "b"
    assert ui.Dropdown(options=["a", "b", "c"], label="c").index == 2
    assert ui.Dropdown(options=["a", "b", "c"]).value == "a"


def test_a_bounded_number_stays_within_its_bounds():
    box = ui.BoundedIntText(value=500, min=1, max=100)
    assert box.value == 100
    box.max = 50
    assert box.value == 50
    slider = ui.IntSlider(value=0, min=0, max=0)
    slider.max = 9
    slider.value = 4
    assert slider.value == 4


def test_mount_draws_light_controls_in_one_panel_and_places_real_widgets_beside_them():
    from uno_nb.widgets import figure
    light = ui.VBox([ui.HTML("a"), ui.Button(description="b")])
    assert isinstance(ui.mount(light), ui.Panel)
    assert ui.mount(light) is ui.mount(light)  # the same widget each time it is asked for
    chart = figure()
    title, caption, after = ui.HTML("title"), ui.HTML("caption"), ui.HTML("after")
    box = ui.VBox([title, caption, chart, after])
    box.add_class("uno-odds")
    real = ui.mount(box)
    assert isinstance(real, ipywidgets.VBox) and "uno-odds" in real._dom_classes
    first, middle, last = real.children
    assert isinstance(first, ui.Panel) and first.root.children == (title, caption)
    assert middle is chart.ipywidget  # the widget the chart is drawn by
    assert isinstance(last, ui.Panel) and last.root is after
    box.children = [chart, after]  # a new order: placed again, panels kept where they fit
    assert real.children == (chart.ipywidget, last)
    with pytest.raises(TypeError):
        ui.Panel(ui.VBox([chart]))


def _models(make) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        before = set(ipywidgets.Widget.widgets)
        app = make()
        ui.mount(app.widget)
        return len(set(ipywidgets.Widget.widgets) - before)


@pytest.mark.parametrize("name", ["GameStepper", "PlayApp", "HandOdds", "LiveOdds",
                                  "ChallengeQuestion", "ScoringPanel"])
def test_every_app_is_a_few_widget_models_not_dozens(name):
    """The page fetches and builds each model: an app is a handful (it was
    40 to 116), its panels, its boxes around a chart and the charts."""
    from uno_nb import widgets
    assert _models(getattr(widgets, name)) <= 12


def test_a_real_box_follows_its_light_boxs_classes_and_layout():
    """The lab greys its results out (uno-stale) on the box that holds its chart."""
    from uno_nb.widgets import figure
    box = ui.VBox([ui.HTML("table"), figure()])
    real = ui.mount(box)
    box.add_class("uno-stale")
    box.layout.display = "none"
    assert "uno-stale" in real._dom_classes and real.layout.display == "none"
    box.remove_class("uno-stale")
    box.layout.display = ""
    assert "uno-stale" not in real._dom_classes and not real.layout.display


def test_a_refused_change_from_the_page_is_drawn_back(sent):
    menu = ui.Dropdown(options=["a", "b"], value="a", disabled=True)
    tick = ui.Checkbox(value=False, disabled=True)
    sections = ui.Accordion(children=[ui.VBox(), ui.VBox()])
    panel = ui.Panel(ui.VBox([menu, tick, sections]))
    message(panel, ev="value", id=menu._uid, v=1)
    message(panel, ev="value", id=tick._uid, v=True)
    message(panel, ev="value", id=sections._uid, v=True)  # a bool is no section's number
    assert (menu.value, tick.value, sections.selected_index) == ("a", False, None)
    drawn = {uid for patch in sent for uid in patch["nodes"]}
    assert {str(menu._uid), str(tick._uid), str(sections._uid)} <= drawn


def test_the_whole_tree_carries_every_change_and_a_closed_panel_is_let_go(sent):
    text = ui.HTML("a")
    panel = ui.Panel(text)
    with ui.batch():
        text.value = "b"
        tree = panel.get_state("tree")["tree"]  # a page loading meanwhile
    assert tree["nodes"][str(text._uid)]["p"]["v"] == "b" and tree["seq"] == 1
    panel.close()
    assert panel not in ui.registry.shown()


def test_autoplay_is_started_and_stopped_from_the_page_or_from_python_and_always_said_back(sent):
    play = ui.Play(value=0, min=0, max=5, interval=200)
    panel = ui.Panel(ui.VBox([play]))
    assert panel._full()["nodes"][str(play._uid)]["p"]["pl"] is False
    message(panel, ev="value", id=play._uid, playing=True)  # ▶ pressed on the page
    assert play.playing and sent[-1]["nodes"][str(play._uid)]["p"]["pl"] is True
    count = len(sent)
    message(panel, ev="value", id=play._uid, playing=True)  # said again: said back again
    assert len(sent) == count + 1 and sent[-1]["nodes"][str(play._uid)]["p"]["pl"] is True
    play.playing = False  # from Python: the page's timer stops
    assert sent[-1]["nodes"][str(play._uid)]["p"]["pl"] is False
    message(panel, ev="value", id=play._uid, playing="yes")  # not a bool: nothing changes
    assert play.playing is False


def test_a_text_box_takes_what_was_typed_cut_to_its_length_and_enter_submits(sent):
    answer = ui.Text(placeholder="57.4", description="Your answer")
    submitted: list[str] = []
    answer.on_submit(lambda box: submitted.append(box.value))
    panel = ui.Panel(ui.VBox([answer]))
    assert answer._node()["p"] == {"d": "Your answer", "dis": False, "v": "", "ph": "57.4"}
    message(panel, ev="value", id=answer._uid, v="fifty")
    assert answer.value == "fifty" and submitted == []
    message(panel, ev="value", id=answer._uid, v="57,4", submit=True)
    assert answer.value == "57,4" and submitted == ["57,4"]
    for bad in (12, None, True, ["57"]):  # not text: the value stays, Enter still counts
        message(panel, ev="value", id=answer._uid, v=bad)
    assert answer.value == "57,4"
    message(panel, ev="value", id=answer._uid, v="9" * 1000)
    assert answer.value == "9" * answer.max_length
    answer.disabled = True
    before = len(sent)
    message(panel, ev="value", id=answer._uid, v="60", submit=True)
    assert answer.value == "9" * answer.max_length and submitted == ["57,4"]
    assert len(sent) == before + 1  # drawn again: the page shows the value kept


def test_under_the_web_app_a_panel_names_the_served_code_instead_of_carrying_it(monkeypatch):
    from uno_nb.widgets import assets
    alone = ui.Panel(ui.HTML("a"))
    assert alone._esm == ui.panel._ESM and alone._css == ui.panel._CSS  # JupyterLab, Binder's lab
    monkeypatch.setenv(assets.UI_ENV, assets.UI_PATH)
    served = ui.Panel(ui.HTML("a"))
    assert served._css == "" and len(served._esm) < 1000
    assert f'"{assets.UI_PATH}"' in served._esm and f'"{assets.ui_version()}"' in served._esm
    assert assets.ui_url("ui.js") == f"uno_nb/ui/ui.js?v={assets.ui_version()}"
    with pytest.raises(ValueError):
        assets.ui_url("../webapp.py")


# -- a closed subset of ipywidgets' API ------------------------------------------------------

import ast  # noqa: E402
import inspect  # noqa: E402
from pathlib import Path  # noqa: E402

from ipywidgets.widgets.trait_types import TypedTuple  # noqa: E402

SHARED = [name for name in ui.__all__ if name not in ui.OWN]
CLASSES = [name for name in SHARED if issubclass(getattr(ui, name), traitlets.HasTraits)]
#: traitlets' kinds that mean the same here (ipywidgets types a tuple's items)
SAME_KIND = {TypedTuple: traitlets.Tuple}


def _public_traits(cls) -> set[str]:
    return {name for name in cls.class_trait_names() if not name.startswith("_")}


def _keywords(cls) -> set[str]:
    """Every keyword a ui class's constructor takes: its traits, its looks,
    and the parameters its constructors name."""
    named = {p.name for klass in cls.__mro__ if klass.__module__.startswith("uno_nb")
             and "__init__" in vars(klass)
             for p in inspect.signature(klass.__init__).parameters.values()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self"}
    return named | set(cls._looks) | _public_traits(cls)


def test_ui_declares_what_it_offers_and_that_it_is_a_closed_subset():
    assert "closed subset of ipywidgets' API" in " ".join(ui.__doc__.split())
    assert len(set(ui.__all__)) == len(ui.__all__)
    assert all(hasattr(ui, name) for name in ui.__all__)
    # every name ipywidgets does not have is listed as the kit's own, and only those
    assert sorted(name for name in ui.__all__ if not hasattr(ipywidgets, name)) == sorted(ui.OWN)
    assert set(ui.OWN_TRAITS) <= set(SHARED)
    # the ui controls are the kit's own, not ipywidgets' under the same name
    assert not any(issubclass(getattr(ui, name), ipywidgets.Widget) for name in CLASSES)


@pytest.mark.parametrize("name", CLASSES)
def test_a_ui_class_takes_only_keywords_its_ipywidgets_namesake_takes(name):
    mine, real = getattr(ui, name), getattr(ipywidgets, name)
    theirs = set(real.class_trait_names())
    own = set(ui.OWN_TRAITS.get(name, ()))
    assert own <= _public_traits(mine) and own.isdisjoint(theirs)
    assert sorted(_keywords(mine) - theirs - own) == []


@pytest.mark.parametrize("name", CLASSES)
def test_a_shared_trait_has_the_type_and_default_of_ipywidgets(name):
    mine, real = getattr(ui, name), getattr(ipywidgets, name)
    differ = []
    for trait in sorted(_public_traits(mine) & set(real.class_trait_names())):
        a, b = mine.class_traits()[trait], real.class_traits()[trait]
        kind_b = SAME_KIND.get(type(b), type(b))
        if (type(a) is not kind_b or a.default() != b.default() or a.allow_none != b.allow_none
                or getattr(a, "values", None) != getattr(b, "values", None)):
            differ.append(f"{trait}: {type(a).__name__}({a.default()!r}) is "
                          f"{type(b).__name__}({b.default()!r}) in ipywidgets")
    assert differ == []


def test_a_layout_and_a_style_take_ipywidgets_properties():
    layout = ipywidgets.Layout()
    own = set(ui.OWN_TRAITS["Layout"])
    assert sorted(n for n in ui.controls.LAYOUT_PROPERTIES - own if not hasattr(layout, n)) == []
    assert not any(hasattr(layout, n) for n in own)
    # ui's Style is one class for all of ipywidgets' styles; its ButtonStyle is theirs
    styles, stack = set(), [ipywidgets.Style]
    while stack:
        for sub in stack.pop().__subclasses__():
            styles |= set(sub.class_trait_names())
            stack.append(sub)
    assert sorted(ui.Style._names - styles) == []
    button = set(ipywidgets.ButtonStyle.class_trait_names())
    assert ui.ButtonStyle._names <= button
    assert {n for n in button - set(ipywidgets.Widget.class_trait_names())
            if not n.startswith("_")} <= ui.ButtonStyle._names


def _same(made_ui, made_real, names) -> None:
    assert {n: getattr(made_ui, n) for n in names} == {n: getattr(made_real, n) for n in names}


def test_the_shared_traits_mean_what_they_mean_in_ipywidgets():
    pairs = [("a", 1), ("b", 2)]
    choice = ("value", "index", "label")
    for mine, real in ((ui.Dropdown(options=pairs), ipywidgets.Dropdown(options=pairs)),
                       (ui.SelectionSlider(options=["x", "y"], value="y"),
                        ipywidgets.SelectionSlider(options=["x", "y"], value="y"))):
        _same(mine, real, choice)
        mine.index = real.index = 0
        _same(mine, real, choice)
    _same(ui.Dropdown(), ipywidgets.Dropdown(), choice)  # no options: nothing chosen
    with pytest.raises(traitlets.TraitError):
        ui.SelectionSlider()  # as ipywidgets: a slider of names has names
    bounded = ("value", "min", "max", "description", "disabled")
    for kwargs in ({"value": 150, "min": 0, "max": 100}, {"value": 3.0, "max": 9},
                   {"value": -5, "min": 0, "max": 10, "description": "n", "disabled": True}):
        _same(ui.IntSlider(**kwargs), ipywidgets.IntSlider(**kwargs), bounded)
        _same(ui.BoundedIntText(**kwargs), ipywidgets.BoundedIntText(**kwargs), bounded)
    _same(ui.IntProgress(value=5, max=10, bar_style="success"),
          ipywidgets.IntProgress(value=5, max=10, bar_style="success"), ("value", "bar_style"))
    _same(ui.Checkbox(value=True, description="d"),
          ipywidgets.Checkbox(value=True, description="d"),
          ("value", "description", "disabled", "indent"))
    _same(ui.HTML("<b>a</b>"), ipywidgets.HTML("<b>a</b>"), ("value", "description"))
    _same(ui.Text("t"), ipywidgets.Text("t"), ("value", "placeholder", "disabled"))
    _same(ui.Button(description="go", button_style="SUCCESS"),
          ipywidgets.Button(description="go", button_style="SUCCESS"),
          ("description", "button_style", "disabled", "tooltip"))
    for make in (ui.Button, ipywidgets.Button):
        with pytest.raises(traitlets.TraitError):
            make(button_style="loud")  # none of the five styles
    _same(ui.Accordion([ui.HTML("a")], titles=("one",)),
          ipywidgets.Accordion([ipywidgets.HTML("a")], titles=("one",)),
          ("selected_index", "titles"))


def test_a_keyword_ipywidgets_would_not_take_is_refused():
    for make in (lambda: ui.HTML("a", disabled=True), lambda: ui.VBox([], description="x"),
                 lambda: ui.HBox([], style={"description_width": "1em"}),
                 lambda: ui.IntProgress(step=2), lambda: ui.Button(colour="red")):
        with pytest.raises(TypeError):
            make()
    with pytest.raises(TypeError):  # a button's style is a ButtonStyle
        ui.Button(style=ui.Style(description_width="1em"))
    with pytest.raises(AttributeError):
        ui.Button(style={"description_width": "1em"})
    assert ui.Button(style={"button_color": "red"}).style.button_color == "red"


def test_no_module_of_ui_imports_a_private_name_of_another():
    folder = Path(ui.__file__).parent
    private = [f"{path.name}: {alias.name} from {node.module}"
               for path in sorted(folder.glob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ImportFrom) and node.level > 0
               for alias in node.names if alias.name.startswith("_")]
    assert private == []

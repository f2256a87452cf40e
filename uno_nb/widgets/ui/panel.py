"""The one widget that draws a tree of light controls (:class:`Panel`, an
anywidget sending the tree and its patches), and :func:`mount`, which places
a tree on the page: one panel, or real ipywidgets boxes where real widgets
(the charts) sit among the controls."""

from __future__ import annotations

import json
import os
from typing import Any

import anywidget
import ipywidgets
import traitlets as t

from ..assets import UI_ENV, UI_FOLDER, ui_version
from . import registry
from .controls import LAYOUT_PROPERTIES, Box, VBox, Widget, real_widget

__all__ = ["Panel", "mount"]

_ESM = (UI_FOLDER / "ui.js").read_text(encoding="utf-8")
_CSS = (UI_FOLDER / "ui.css").read_text(encoding="utf-8")
#: The layout every panel wears: one model, fetched once per page.
_PANEL_LAYOUT: ipywidgets.Layout | None = None


#: What a panel carries under the web app, which serves ui.js and ui.css
#: (uno_nb.serving.webapp, at ..assets.UI_PATH): a few lines that import them from the
#: server, fetched once per browser, instead of the 24 kB of them in every panel.
_STUB = """// uno_nb's light controls: ui.js and ui.css, served by the web app
const page = (document.body && document.body.dataset.baseUrl) || "/voila/";
const base = page.replace(/voila\\/$/, "");
const at = (name) => new URL(base + __PATH__ + "/" + name + "?v=" + __VERSION__,
  window.location.href).href;
if (!document.querySelector("link[data-uno-ui]")) { // (the page template links it first)
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = at("ui.css");
  link.dataset.unoUi = "";
  document.head.append(link);
}
export default (await import(at("ui.js"))).default;
"""


def _sources() -> tuple[str, str]:
    """A panel's browser code and styles: the stub that names the server's
    files where the web app serves them, else the files themselves."""
    path = os.environ.get(UI_ENV)
    if not path:
        return _ESM, _CSS
    stub = (_STUB.replace("__PATH__", json.dumps(path.strip("/")))
            .replace("__VERSION__", json.dumps(ui_version())))
    return stub, ""


def _tree_json(_value: Any, panel: "Panel") -> dict[str, Any]:
    return panel._full()


class Panel(anywidget.AnyWidget):
    """One widget that draws a tree of light controls."""

    _esm = t.Unicode(_ESM).tag(sync=True)
    _css = t.Unicode(_CSS).tag(sync=True)
    # the whole tree, made when the page asks for the state (never stored)
    tree = t.Any(None).tag(sync=True, to_json=_tree_json)

    def __init__(self, root: Widget) -> None:
        global _PANEL_LAYOUT
        if _PANEL_LAYOUT is None:
            _PANEL_LAYOUT = ipywidgets.Layout()
        self.root = root
        self._nodes: dict[int, Widget] = {}
        self._dirty: set[int] = set()
        self._seq = 0
        self._walk()
        esm, css = _sources()
        super().__init__(layout=_PANEL_LAYOUT, _esm=esm, _css=css)
        registry.show(self)
        self.on_msg(self._on_message)

    @property
    def children(self) -> tuple[Widget]:
        """The tree it draws (so that a test reads a page's text through it)."""
        return (self.root,)

    def close(self) -> None:
        registry.hide(self)
        super().close()

    def _walk(self) -> dict[int, Widget]:
        found: dict[int, Widget] = {}
        stack = [self.root]
        while stack:
            node = stack.pop()
            if not isinstance(node, Widget):
                raise TypeError(f"a panel draws light controls only, not {type(node).__name__}: "
                                "mount() places real widgets beside panels")
            if node._uid in found:
                continue
            found[node._uid] = node
            stack.extend(node._kids())
        self._nodes = found
        return found

    def _full(self) -> dict[str, Any]:
        """The whole tree as it is (what a page loading it is sent).  The
        changes still to be sent stay so: the patch that follows is
        numbered after this tree, and a page holding it applies the patch."""
        with registry.lock:
            self._send_patch()  # what is pending goes first, so the tree is the newest
            return {"seq": self._seq, "root": self.root._uid,
                    "nodes": {str(uid): node._node() for uid, node in self._nodes.items()}}

    def send_state(self, key: Any = None) -> None:
        # made and sent under the lock: no patch of another thread can pass
        # the tree on its way (the page would go back to the older tree)
        with registry.lock:
            super().send_state(key)

    # -- what the registry asks of a panel on show (registry.Drawing) -----------------

    def mark(self, uid: int) -> None:
        """The control ``uid`` changed: sent with the next patch, if drawn here."""
        if uid in self._nodes:
            self._dirty.add(uid)

    def send_changes(self) -> None:
        """Send the marked controls, if any (a patch)."""
        if self._dirty:
            self._send_patch()

    def _send_patch(self) -> None:
        before = set(self._nodes)
        dirty = self._dirty
        self._dirty = set()
        now = self._walk()
        changed = (dirty & set(now)) | (set(now) - before)
        gone = before - set(now)
        if not changed and not gone:
            return
        self._seq += 1
        self.send({"seq": self._seq, "nodes": {str(uid): now[uid]._node() for uid in changed},
                   "drop": sorted(gone)})

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("ev") == "hello":
            if content.get("seq") != self._seq:  # the page missed a patch while it loaded
                self.send_state("tree")
            return
        if content.get("ev") == "sync":
            self.send_state("tree")
            return
        uid = content.get("id")
        node = self._nodes.get(uid) if type(uid) is int else None  # (not a bool: true is no node)
        if node is None or node._closed:  # a control the page no longer shows: dropped
            return
        with registry.batch():
            node._from_browser(content)


# -- placing a tree on the page ------------------------------------------------------------

def _holds_real(widget: Any) -> bool:
    if real_widget(widget) is not None:
        return True
    return any(_holds_real(kid) for kid in widget._kids())


_REAL_BOXES = {"box": ipywidgets.Box, "hbox": ipywidgets.HBox, "vbox": ipywidgets.VBox}


def mount(widget: Any) -> ipywidgets.Widget:
    """What the notebook displays for ``widget``: a :class:`Panel` for a tree
    of light controls, real boxes where real widgets sit inside (the same
    widget each time it is asked for)."""
    made: ipywidgets.Widget | None = real_widget(widget)
    if made is not None:
        return made
    made = getattr(widget, "_mounted", None)
    if made is not None and made.comm is not None:  # (a closed one is made again)
        return made
    if not _holds_real(widget):
        made = Panel(widget)
    else:
        if widget.kind not in _REAL_BOXES:
            raise TypeError(f"a {widget.kind} cannot hold a real widget")
        made = _real_box(widget)
    widget._mounted = made  # kept by the tree it draws, not by a registry: both go together
    return made


def _real_box(box: Box) -> ipywidgets.Box:
    real = _REAL_BOXES[box.kind]()
    runs: dict[tuple[int, ...], ipywidgets.Widget] = {}

    def dress(_change: Any = None) -> None:
        """The light box's classes and layout, on the real box (the lab
        greys its results out by a class while games are played)."""
        real._dom_classes = tuple(box._dom_classes)
        wanted = box.layout.json()
        for name in LAYOUT_PROPERTIES:
            value = wanted.get(name)
            if getattr(real.layout, name, None) != value and real.layout.has_trait(name):
                setattr(real.layout, name, value)

    class Follower:  # a look's change reaches its owners' _touch
        def _touch(self) -> None:
            dress()

    follower = Follower()
    box.layout._owners.add(follower)
    real._uno_follower = follower  # lives as long as the real box
    box.observe(dress, names="_dom_classes")
    dress()

    def place(_change: Any = None) -> None:
        parts: list[ipywidgets.Widget] = []
        run: list[Widget] = []

        def end_run() -> None:
            if not run:
                return
            key = tuple(w._uid for w in run)
            if key not in runs:
                runs[key] = mount(run[0]) if len(run) == 1 else Panel(VBox(list(run)))
            parts.append(runs[key])
            run.clear()

        for child in box.children:
            if _holds_real(child):
                end_run()
                parts.append(mount(child))
            else:
                run.append(child)
                if box.kind != "vbox":  # a run of one: a row's items keep their own places
                    end_run()
        end_run()
        for key in [k for k, part in runs.items() if part not in parts]:
            del runs[key]  # a run no longer shown: its panel goes with it
        real.children = parts

    box.observe(place, names="children")
    place()
    return real

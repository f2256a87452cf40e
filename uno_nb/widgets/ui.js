// uno_nb's light controls (uno_nb/widgets/ui/): one widget model draws a
// whole tree of buttons, menus, sliders and texts from a compact JSON state,
// {seq, root, nodes: {id: {t: type, p: props, c: classes, l: layout, s: style,
// k: child ids}}}, and sends a person's clicks and changes back as messages.
// The kernel sends numbered patches (the changed nodes only); a page that
// missed one asks for the whole tree again.  The DOM uses ipywidgets' class
// names, so the page's styles and the browser tests find the same elements.

// anywidget hands initialize and render each its own stand-in for the model,
// so the drawing's record is found by the tree state object they share.
const TREES = new WeakMap(); // the model's "tree" state -> {seq, root, nodes, views}

function kebab(name) {
  return name.replace(/_/g, "-");
}

function load(tree, state) {
  if (!state || !state.nodes) return false;
  if (state.seq < tree.seq) return false; // older than the tree the page holds
  tree.seq = state.seq;
  tree.root = state.root;
  tree.nodes = new Map(Object.entries(state.nodes).map(([id, node]) => [Number(id), node]));
  return true;
}

function initialize({ model }) {
  const tree = { seq: -1, root: null, nodes: new Map(), views: new Set() };
  const state = model.get("tree");
  if (state) TREES.set(state, tree);
  load(tree, state);
  const redraw = (ids) => tree.views.forEach((view) => view.redraw(ids));
  const onTree = () => {
    const next = model.get("tree");
    if (next) TREES.set(next, tree);
    if (load(tree, next)) redraw(null);
  };
  const onPatch = (msg) => {
    if (!msg || typeof msg.seq !== "number") return;
    if (msg.seq <= tree.seq) return; // already in the tree
    if (msg.seq !== tree.seq + 1) { // a patch went missing: ask for the whole tree
      model.send({ ev: "sync" });
      return;
    }
    const ids = [];
    for (const [id, node] of Object.entries(msg.nodes || {})) {
      tree.nodes.set(Number(id), node);
      ids.push(Number(id));
    }
    for (const id of msg.drop || []) tree.nodes.delete(id);
    tree.seq = msg.seq;
    redraw(ids);
  };
  model.on("change:tree", onTree);
  model.on("msg:custom", onPatch);
  // patches sent while this page was still loading never reached it: say
  // which tree it holds, and the kernel sends a newer one if there is one
  model.send({ ev: "hello", seq: tree.seq });
  return () => {
    model.off("change:tree", onTree);
    model.off("msg:custom", onPatch);
  };
}

// -- one drawing of the tree ------------------------------------------------------------

class View {
  constructor(model, el, tree) {
    this.model = model;
    this.el = el;
    this.tree = tree;
    this.drawn = new Map(); // id -> {el, update}
  }

  send(message) {
    this.model.send(message);
  }

  redraw(ids) {
    const before = focused(this.el); // (see keyboard(), below)
    if (ids === null) { // a whole new tree: start again
      this.drawn.clear();
      this.el.replaceChildren();
    }
    for (const id of ids || []) {
      const item = this.drawn.get(id);
      const node = this.tree.nodes.get(id);
      if (item && node) item.update(node);
    }
    for (const id of [...this.drawn.keys()]) {
      if (!this.tree.nodes.has(id)) this.drawn.delete(id);
    }
    const root = this.element(this.tree.root);
    if (root && this.el.firstChild !== root) this.el.replaceChildren(root);
    keyboard(this, before);
  }

  element(id) {
    if (this.drawn.has(id)) return this.drawn.get(id).el;
    const node = this.tree.nodes.get(id);
    if (!node) return null;
    const make = MAKERS[node.t] || MAKERS.html;
    const item = make(this, id, node);
    const update = item.update;
    item.update = (next) => {
      dress(item.el, next, item.base, item.styled || item.el);
      update(next);
    };
    dress(item.el, node, item.base, item.styled || item.el);
    update(node);
    this.drawn.set(id, item);
    return item.el;
  }

  place(container, ids) {
    const els = (ids || []).map((id) => this.element(id)).filter(Boolean);
    const now = [...container.children];
    if (now.length !== els.length || now.some((el, i) => el !== els[i])) {
      container.replaceChildren(...els);
    }
  }
}

// classes, layout and tooltip: what every control has
function dress(el, node, base, styled) {
  el.className = [base, ...(node.c || [])].join(" ");
  el.style.cssText = "";
  for (const [name, value] of Object.entries(node.l || {})) {
    el.style.setProperty(kebab(name), value);
  }
  const tip = node.p && node.p.tip;
  if (tip) styled.title = tip;
  else styled.removeAttribute("title");
  const s = node.s || {};
  if (s.button_color) styled.style.backgroundColor = s.button_color;
  if (s.font_weight) styled.style.fontWeight = s.font_weight;
  if (s.font_style) styled.style.fontStyle = s.font_style;
  if (s.font_size) styled.style.fontSize = s.font_size;
  if (s.font_family) styled.style.fontFamily = s.font_family;
  if (s.text_color) styled.style.color = s.text_color;
  if (s.text_decoration) styled.style.textDecoration = s.text_decoration;
  if (s.background) styled.style.background = s.background;
}

function tag(name, className, text) {
  const el = document.createElement(name);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function describe(label, node) {
  const p = node.p;
  label.textContent = p.d || "";
  label.style.display = p.d ? "" : "none";
  const width = node.s && node.s.description_width;
  label.style.width = width ? (width === "initial" ? "auto" : width) : "";
  label.style.maxWidth = width ? "none" : "";
}

// A control's name for a screen reader: its visible words (the label beside
// it: tied by for/id, so that a click on them reaches it too, or by
// aria-labelledby where a label cannot point), or, with no words shown, its
// tooltip or placeholder (axe-core's label, select-name and
// aria-progressbar-name).  The ids are the page's own: a control drawn twice
// is two elements.
let ids = 0;
const LABELABLE = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON"]);

function name(control, node, label) {
  const p = node.p;
  if (p.d && label) {
    control.removeAttribute("aria-label");
    if (LABELABLE.has(control.tagName)) {
      if (!control.id) control.id = `uno-ui-${++ids}`;
      label.htmlFor = control.id;
    } else {
      if (!label.id) label.id = `uno-ui-${++ids}`;
      control.setAttribute("aria-labelledby", label.id);
    }
    return;
  }
  control.removeAttribute("aria-labelledby");
  const words = p.d || p.tip || p.ph || "";
  if (words) control.setAttribute("aria-label", words);
  else control.removeAttribute("aria-label");
}

function box(view, id, node, base) {
  const el = tag("div");
  return { el, base, update: (n) => view.place(el, n.k) };
}

const MAKERS = {
  box: (view, id, node) => box(view, id, node, "jupyter-widgets widget-container widget-box"),
  hbox: (view, id, node) => box(view, id, node, "jupyter-widgets widget-container widget-box widget-hbox"),
  vbox: (view, id, node) => box(view, id, node, "jupyter-widgets widget-container widget-box widget-vbox"),

  html(view, id, node) {
    const el = tag("div");
    const label = tag("label", "widget-label");
    const content = tag("div", "widget-html-content");
    el.append(label, content);
    let shown = null;
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-html",
      update(n) {
        describe(label, n);
        live(el, n);
        if (n.p.v !== shown) content.innerHTML = shown = n.p.v;
      },
    };
  },

  label(view, id, node) {
    const el = tag("div");
    return { el, base: "jupyter-widgets widget-label", update: (n) => { el.textContent = n.p.v; } };
  },

  button(view, id, node) {
    const el = tag("button");
    const picture = tag("span", "uno-ui-face");
    const words = tag("span", "uno-ui-face-words");
    let face = null;
    el.addEventListener("click", () => {
      if (!el.disabled) view.send({ ev: "click", id });
    });
    return {
      el, base: "jupyter-widgets jupyter-button widget-button",
      update(n) {
        if (n.p.f) {  // a picture above the words (the play page's card faces)
          if (n.p.f !== face) {
            face = n.p.f;
            picture.innerHTML = face;
          }
          words.textContent = n.p.d || "";
          if (el.firstChild !== picture || el.childNodes.length !== 2) el.replaceChildren(picture, words);
        } else {
          face = null;
          el.textContent = n.p.d || "";
        }
        el.disabled = !!n.p.dis;
        if (n.p.bs) el.classList.add(`mod-${n.p.bs}`);
      },
    };
  },

  checkbox(view, id, node) {
    const el = tag("div");
    const indent = tag("label", "widget-label");
    const label = tag("label", "widget-label-basic");
    const input = tag("input");
    input.type = "checkbox";
    const words = tag("span");
    label.append(input, words);
    el.append(indent, label);
    input.addEventListener("change", () => view.send({ ev: "value", id, v: input.checked }));
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-checkbox", styled: label,
      update(n) {
        indent.style.display = n.p.indent === false ? "none" : "";
        words.textContent = n.p.d || "";
        input.checked = !!n.p.v;
        input.disabled = !!n.p.dis;
      },
    };
  },

  dropdown(view, id, node) {
    const el = tag("div");
    const label = tag("label", "widget-label");
    const select = tag("select");
    el.append(label, select);
    select.addEventListener("change", () => view.send({ ev: "value", id, v: select.selectedIndex }));
    let labels = null;
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-dropdown",
      update(n) {
        describe(label, n);
        name(select, n, label);
        const options = n.p.o || [];
        if (JSON.stringify(options) !== labels) {
          labels = JSON.stringify(options);
          select.replaceChildren(...options.map((text, i) => {
            const option = tag("option", "", text);
            option.value = String(i);
            return option;
          }));
        }
        select.selectedIndex = n.p.i === null ? -1 : n.p.i;
        select.disabled = !!n.p.dis;
      },
    };
  },

  text(view, id, node) {
    const el = tag("div");
    const label = tag("label", "widget-label");
    const input = tag("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    el.append(label, input);
    let value = null;
    let sent = null; // what this page last sent, so that Enter after a change sends it once
    const send = (submit) => {
      if (input.disabled) return;
      if (!submit && input.value === sent) return;
      sent = input.value;
      view.send(submit ? { ev: "value", id, v: input.value, submit: true }
        : { ev: "value", id, v: input.value });
    };
    input.addEventListener("keydown", (e) => {
      // Enter that ends an input method's composition (Russian, Chinese on
      // some keyboards) only picks the word: it does not send the answer
      if (e.key === "Enter" && !e.isComposing && e.keyCode !== 229) {
        e.preventDefault();
        send(true);
      }
    });
    input.addEventListener("change", () => send(false));
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-text uno-ui-text",
      update(n) {
        describe(label, n);
        const changed = n.p.v !== value;
        // the kernel saying back what this page sent: the person may have
        // typed on since, and what they are typing stays
        const echo = changed && n.p.v === sent;
        value = n.p.v;
        if (changed) sent = value;
        input.placeholder = n.p.ph || "";
        name(input, n, label);
        // what a person is typing stays, unless the value itself changed
        if (document.activeElement !== input || (changed && !echo)) input.value = value;
        input.disabled = !!n.p.dis;
      },
    };
  },

  inttext(view, id, node) {
    const el = tag("div");
    const label = tag("label", "widget-label");
    const input = tag("input");
    input.type = "number";
    el.append(label, input);
    let value = null;
    const commit = () => {
      const typed = Number(input.value);
      if (input.value.trim() === "" || !Number.isFinite(typed)) input.value = String(value);
      else if (typed !== value) view.send({ ev: "value", id, v: Math.round(typed) });
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") commit(); });
    input.addEventListener("change", commit);
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-text",
      update(n) {
        describe(label, n);
        name(input, n, label);
        const changed = n.p.v !== value;
        value = n.p.v;
        input.min = n.p.min;
        input.max = n.p.max;
        input.step = n.p.step;
        // what a person is typing stays, unless the value itself changed
        if (document.activeElement !== input || changed) input.value = String(value);
        input.disabled = !!n.p.dis;
      },
    };
  },

  intslider: (view, id, node) => slider(view, id, node, false),
  selectionslider: (view, id, node) => slider(view, id, node, true),

  play(view, id, node) {
    const el = tag("div");
    // named for a screen reader in the page's language, by the kernel (button_names)
    const buttons = ["play", "pause", "stop"].map((name, i) => {
      const b = tag("button", "jupyter-widgets jupyter-button widget-button");
      b.append(tag("i", `fa fa-${name}`));
      b.setAttribute("aria-label", (node.p.nm || [])[i] || name);
      el.append(b);
      return b;
    });
    let n = node;
    let value = node.p.v;
    let timer = null;
    let every = node.p.ms;
    let playing = !!node.p.pl; // as the kernel last said
    let told = null; // what this page last told the kernel, until the kernel says it back
    const tell = (on) => { told = on; view.send({ ev: "value", id, playing: on }); };
    const stop = () => { if (timer !== null) { clearInterval(timer); timer = null; } };
    const start = (announce) => {
      if (timer !== null) return;
      if (value >= n.p.max) { // at the end: from the start again, the start shown first
        value = n.p.min;
        view.send({ ev: "value", id, v: value });
      }
      if (announce) tell(true);
      timer = setInterval(() => {
        if (value >= n.p.max || !el.isConnected) {
          stop();
          tell(false);
          return;
        }
        value += n.p.step || 1;
        view.send({ ev: "value", id, v: value });
      }, n.p.ms);
    };
    buttons[0].addEventListener("click", () => start(true));
    buttons[1].addEventListener("click", () => { stop(); tell(false); });
    buttons[2].addEventListener("click", () => {
      stop();
      value = n.p.min;
      told = false;
      view.send({ ev: "value", id, v: value, playing: false });
    });
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-play",
      update(next) {
        n = next;
        value = next.p.v;
        buttons.forEach((b) => { b.disabled = !!next.p.dis; });
        if (timer !== null && next.p.ms !== every) { // a new speed: the timer follows it
          stop();
          start(false);
        }
        every = next.p.ms;
        // the kernel started or stopped it: only a change counts, and none
        // until the kernel has heard what this page told it last (a patch
        // made before then still says the old state)
        const now = !!next.p.pl;
        if (told !== null) {
          if (now === told) told = null;
        } else if (playing && !now) stop();
        else if (!playing && now && !next.p.dis) start(false);
        playing = now;
      },
    };
  },

  progress(view, id, node) {
    const el = tag("div");
    const label = tag("label", "widget-label");
    const outer = tag("div", "progress");
    const bar = tag("div", "progress-bar");
    outer.append(bar);
    el.append(label, outer);
    return {
      el, base: "jupyter-widgets widget-inline-hbox widget-progress widget-hprogress",
      update(n) {
        describe(label, n);
        const span = Math.max(1, n.p.max - n.p.min);
        bar.style.width = `${(100 * (n.p.v - n.p.min)) / span}%`;
        bar.className = "progress-bar" + (n.p.bs ? ` progress-bar-${n.p.bs}` : "");
        outer.setAttribute("role", "progressbar");
        name(outer, n, label);
        outer.setAttribute("aria-valuenow", String(n.p.v));
        outer.setAttribute("aria-valuemin", String(n.p.min));
        outer.setAttribute("aria-valuemax", String(n.p.max));
      },
    };
  },

  accordion(view, id, node) {
    const el = tag("div");
    let sections = [];
    return {
      el, base: "jupyter-widgets widget-container uno-ui-accordion",
      update(n) {
        const titles = n.p.titles || [];
        const kids = n.k || [];
        sections = kids.map((kid, i) => {
          const section = sections[i] || makeSection(view, id, i);
          section.head.textContent = titles[i] || "";
          const open = n.p.sel === i;
          section.el.classList.toggle("uno-ui-open", open);
          section.head.setAttribute("aria-expanded", String(open));
          section.body.style.display = open ? "" : "none";
          section.open = open;
          if (open) view.place(section.body, [kid]);
          return section;
        });
        const els = sections.map((s) => s.el);
        if (els.length !== el.children.length || els.some((s, i) => s !== el.children[i])) {
          el.replaceChildren(...els);
        }
      },
    };
  },
};

function makeSection(view, id, index) {
  const el = tag("div", "uno-ui-section");
  const head = tag("button", "uno-ui-section-head");
  head.type = "button";
  const body = tag("div", "uno-ui-section-body");
  el.append(head, body);
  const section = { el, head, body, open: false };
  head.addEventListener("click", () => view.send({ ev: "value", id, v: section.open ? null : index }));
  return section;
}

function slider(view, id, node, named) {
  const el = tag("div");
  const label = tag("label", "widget-label");
  const container = tag("div", "slider-container");
  const range = tag("input", "slider");
  range.type = "range";
  const readout = tag("div", "widget-readout");
  readout.contentEditable = named ? "false" : "true";
  container.append(range);
  el.append(label, container, readout);
  let n = node;
  const show = (v) => {
    readout.textContent = named ? ((n.p.o || [])[v] ?? "") : String(v);
  };
  const send = (v) => view.send({ ev: "value", id, v });
  let pending = null;
  let dragging = false; // while a person drags, the kernel's echoes do not move the thumb
  range.addEventListener("pointerdown", () => { dragging = true; });
  const letGo = () => { dragging = false; };
  range.addEventListener("pointerup", letGo);
  range.addEventListener("pointercancel", letGo);
  range.addEventListener("blur", letGo);
  range.addEventListener("input", () => {
    const v = Number(range.value);
    show(v);
    if (n.p.cu && pending === null) {
      pending = requestAnimationFrame(() => { pending = null; send(Number(range.value)); });
    }
  });
  range.addEventListener("change", () => send(Number(range.value)));
  readout.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || named) return;
    e.preventDefault();
    const typed = Number(readout.textContent.trim());
    if (Number.isFinite(typed) && readout.textContent.trim() !== "") {
      send(Math.max(n.p.min, Math.min(n.p.max, Math.round(typed))));
    }
    readout.blur();
  });
  readout.addEventListener("blur", () => show(named ? n.p.i : n.p.v));
  return {
    el, base: "jupyter-widgets widget-inline-hbox widget-slider widget-hslider",
    update(next) {
      n = next;
      describe(label, next);
      name(range, next, label);
      if (named) {
        range.min = "0";
        range.max = String(Math.max(0, (next.p.o || []).length - 1));
        range.step = "1";
        if (!dragging) {
          range.value = String(next.p.i ?? 0);
          show(next.p.i);
        }
      } else {
        range.min = String(next.p.min);
        range.max = String(next.p.max);
        range.step = String(next.p.step || 1);
        if (!dragging) range.value = String(next.p.v);
        if (document.activeElement !== readout && !dragging) show(next.p.v);
      }
      range.disabled = !!next.p.dis;
    },
  };
}

// -- the keyboard and a screen reader ---------------------------------------------------
// Three classes an app puts on its controls (the play page, uno_nb/widgets/play.py):
// * "uno-live" on an HTML control: a live region (role=status, aria-live=polite),
//   read out by a screen reader when its words change (a status line, a verdict);
// * "uno-roving" on a box: its buttons are one stop of the Tab key (the one last
//   used), and Left/Right, Home/End move among them (a hand of cards);
// * "uno-focus-next" on a control: where focus goes when a drawing took away or
//   disabled the control that had it (a card played, the bots moving): focus
//   waits for it to come, and stays put if the person went elsewhere meanwhile.

function live(el, node) {
  if ((node.c || []).includes("uno-live")) {
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
  } else if (el.getAttribute("role") === "status") {
    el.removeAttribute("role");
    el.removeAttribute("aria-live");
  }
}

function focused(el) {
  const active = document.activeElement;
  return active && active !== document.body && el.contains(active) ? active : null;
}

function usable(el) {
  return !el.disabled && el.getClientRects().length > 0;
}

function keyboard(view, before) {
  const el = view.el;
  if (before && (!before.isConnected || before.disabled)) view.lost = true;
  for (const row of el.querySelectorAll(".uno-roving")) roving(row);
  if (!view.lost) return;
  const active = document.activeElement;
  if (active && active !== document.body && !(el.contains(active) && active.disabled)) {
    view.lost = false; // the person is elsewhere now: focus stays there
    return;
  }
  const next = [...el.querySelectorAll(".uno-focus-next")].find(usable);
  if (!next) return; // (not yet: the bots are moving)
  if (!next.matches("button, input, select, textarea, a[href], [tabindex]")) next.tabIndex = -1;
  view.lost = false;
  next.focus();
}

function stops(row) {
  return [...row.querySelectorAll(":scope > button")].filter((b) => !b.disabled);
}

function roving(row) {
  if (!row.dataset.unoRoving) {
    row.dataset.unoRoving = "1";
    row.setAttribute("role", "toolbar");
    row.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const buttons = stops(row);
      const at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      const last = buttons.length - 1;
      const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1,
        Home: 0, End: last }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      stop(buttons, buttons[to]);
      buttons[to].focus();
    });
    row.addEventListener("focusin", (e) => {
      const buttons = stops(row);
      if (buttons.includes(e.target)) stop(buttons, e.target);
    });
  }
  if (row.title) row.setAttribute("aria-label", row.title);
  const buttons = stops(row);
  const active = document.activeElement;
  stop(buttons, buttons.find((b) => b === active)
    || buttons.find((b) => b.classList.contains("uno-focus-next"))
    || buttons.find((b) => b.dataset.unoStop === "1") || buttons[0]);
}

function stop(buttons, chosen) { // the one button of a row that Tab stops at
  for (const b of buttons) {
    b.tabIndex = b === chosen ? 0 : -1;
    b.dataset.unoStop = b === chosen ? "1" : "";
  }
}

function render({ model, el }) {
  const tree = TREES.get(model.get("tree"));
  el.classList.add("uno-ui");
  const view = new View(model, el, tree);
  tree.views.add(view);
  view.redraw([]);
  return () => tree.views.delete(view);
}

export default { initialize, render };

// uno_nb's charts (uno_nb/widgets/chart.py): a plotly figure drawn with
// plotly.js's basic bundle (scatter, bar and pie traces; 1.2 MB, where
// plotly's own widget brings every trace type in 5 MB), redrawn in place with
// Plotly.react whenever the kernel sends the figure anew.
//
// plotly.js is loaded once per page.  Under the web app the kernel names the
// server path of the bundle ("bundle"; the page template preloads that same
// address and starts importing it while the page waits for its kernel);
// anywhere else (JupyterLab, Binder's lab) the kernel sends the bundle's text
// ("source") and the page imports it from memory.

const LOADING = "__uno_nb_plotly"; // window[LOADING]: the page's one promise of plotly.js
const TRIES = 3; // a failed load is tried again, after 1 s and then 2 s

function address(model) {
  const url = model.get("bundle");
  if (url) {
    // Voila's pages carry their base URL in <body data-base-url=".../voila/">
    const page = (document.body && document.body.dataset.baseUrl) || "/voila/";
    return [new URL(page.replace(/voila\/$/, "") + url, window.location.href).href, false];
  }
  const blob = new Blob([model.get("source")], { type: "text/javascript" });
  return [URL.createObjectURL(blob), true];
}

function plotly(model) {
  if (!window[LOADING]) {
    const [where, temporary] = address(model);
    // the bundle is a UMD script: imported as a module it sets window.Plotly.
    // A plotly.js the page had already (a full one, from another extension)
    // is put back: the charts keep theirs and the page's other plots theirs.
    const before = window.Plotly;
    window[LOADING] = import(where).then(() => {
      const ours = window.Plotly;
      if (before) window.Plotly = before;
      return ours;
    }).finally(() => { if (temporary) URL.revokeObjectURL(where); });
  }
  // a failed load is forgotten, so that the next try loads again
  window[LOADING].catch(() => { window[LOADING] = null; });
  return window[LOADING];
}

async function load(model) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await plotly(model);
    } catch (error) {
      if (attempt >= TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

// The page's charts draw one at a time, one per task, the ones in view first:
// a page with three charts shows the one in front of the reader while the
// others wait their turn, and clicks are answered between drawings.  Each
// chart's module is its own copy (anywidget imports it once per widget), so
// the queue lives on the page.
const TURNS = "__uno_nb_chart_turns";

function turns() {
  if (!window[TURNS]) window[TURNS] = { waiting: new Set(), drawing: false };
  return window[TURNS];
}

function inView(el) {
  const box = el.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

function nextTurn() {
  const queue = turns();
  if (queue.drawing || queue.waiting.size === 0) return;
  queue.drawing = true;
  setTimeout(() => {
    let chart = null;
    for (const waiting of queue.waiting) {
      if (inView(waiting.el)) {
        chart = waiting;
        break;
      }
    }
    chart = chart || queue.waiting.values().next().value;
    queue.waiting.delete(chart);
    Promise.resolve()
      .then(chart.draw)
      .catch((error) => console.warn("uno_nb chart:", error))
      .finally(() => {
        queue.drawing = false;
        nextTurn();
      });
  }, 0);
}

function waitTurn(chart) {
  turns().waiting.add(chart);
  nextTurn();
}

// A chart's title and its legend's names wrap between words when the chart is
// too narrow for them (a 390 px phone, a Russian title): plotly neither wraps
// them nor shrinks them, and cuts them off at the chart's edge.  The words are
// measured in the font plotly draws them in, on a canvas of the page's own.
const FONT = '"Open Sans", verdana, arial, sans-serif';
let ruler = null;

function textWidth(words, size, family) {
  if (!ruler) ruler = document.createElement("canvas").getContext("2d");
  ruler.font = `${size}px ${family || FONT}`;
  return ruler.measureText(words).width;
}

function wrapped(words, room, size, family) {
  if (typeof words !== "string" || words.includes("<br") || room <= 0) return words;
  if (textWidth(words, size, family) <= room) return words;
  const lines = [];
  let line = "";
  for (const word of words.split(" ")) {
    const longer = line ? `${line} ${word}` : word;
    if (line && textWidth(longer, size, family) > room) {
      lines.push(line);
      line = word;
    } else {
      line = longer;
    }
  }
  lines.push(line);
  return lines.join("<br>");
}

// The figure to draw at this width: its title and legend names wrapped to fit
// (a wrapped title gets the room of its extra lines above the plot), filling
// the width it is drawn at (autosize: Plotly.react keeps a chart's old width
// otherwise, and a chart drawn again because its words wrap anew is redrawn at
// the width it has now).
function fitted(spec, width) {
  const layout = { ...(spec.layout || {}), autosize: true };
  const font = layout.font || {};
  const margin = { ...(layout.margin || {}) };
  const title = layout.title;
  if (title && title.text) {
    const size = (title.font && title.font.size) || 17;
    // plotly puts the title 5% of the width in from the left by default
    const text = wrapped(title.text, width * 0.92 - 10, size * 1.02,
                         (title.font && title.font.family) || font.family);
    const extra = text.split("<br>").length - 1;
    if (extra > 0 && text !== title.text) {
      margin.t = (margin.t === undefined ? 100 : margin.t) + Math.ceil(extra * 1.3 * size);
      layout.margin = margin;
    }
    layout.title = { ...title, text };
  }
  const legend = layout.legend || {};
  const size = (legend.font && legend.font.size) || font.size || 12;
  const family = (legend.font && legend.font.family) || font.family;
  // a legend item is its symbol (40 px) and its name; a horizontal legend
  // starts at the left margin, an upright one takes the right of the chart
  const room = legend.orientation === "h"
    ? width - (margin.l === undefined ? 80 : margin.l) - 40 - 5
    : width / 2 - 50;
  const data = (spec.data || []).map((trace) => (typeof trace.name === "string"
    ? { ...trace, name: wrapped(trace.name, room, size * 1.02, family) } : trace));
  return { data, layout };
}

// A fitted figure's wrapped words (title and names), to tell whether a new
// width changes them.
function wordsOf({ data, layout }) {
  return JSON.stringify([layout.title && layout.title.text, data.map((trace) => trace.name)]);
}

// A chart's text alternative (WCAG 1.1.1): a screen reader reads the chart as
// one picture (role="img") named by its title, its notes, and each series'
// points in the words of their hover labels (the page's language; the
// numbers themselves where a series has none), all of them up to POINTS a
// series, evenly spread beyond.
const POINTS = 40;

function plain(html) {
  const doc = new DOMParser().parseFromString(`<p>${String(html).replace(/<br\s*\/?>/gi, " ")}</p>`,
                                              "text/html");
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

function spoken(value) {
  if (typeof value !== "number") return value === undefined || value === null ? "" : String(value);
  const lang = document.documentElement.lang || undefined;
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(value);
}

// plotly's JSON writes numpy arrays as {dtype, bdata: base64, shape}
const TYPED = { i1: Int8Array, u1: Uint8Array, i2: Int16Array, u2: Uint16Array, i4: Int32Array,
                u4: Uint32Array, f4: Float32Array, f8: Float64Array };

function array(values) {
  if (!values || typeof values !== "object" || !values.bdata || !TYPED[values.dtype]) return values;
  const bytes = Uint8Array.from(atob(values.bdata), (c) => c.charCodeAt(0));
  const flat = Array.from(new TYPED[values.dtype](bytes.buffer));
  const shape = String(values.shape || "").split(",").map(Number).filter((n) => n > 0);
  if (shape.length !== 2) return flat;
  return Array.from({ length: shape[0] }, (_, row) => flat.slice(row * shape[1], (row + 1) * shape[1]));
}

function at(values, i) {
  const all = array(values);
  if (all === undefined || all === null) return undefined;
  return typeof all === "object" && "length" in all ? all[i] : all;
}

function point(trace, i) {
  const template = trace.hovertemplate;
  if (typeof template === "string" && template.replace(/<extra>.*?<\/extra>/g, "").trim()) {
    const said = template.replace(/<extra>.*?<\/extra>/g, "").replace(
      /%\{([^}:]+)(?::[^}]*)?\}/g, (_, key) => {
        if (key === "fullData.name" || key === "data.name") return plain(trace.name || "");
        const [field, index] = key.replace(/\]$/, "").split("[");
        const value = at(trace[field === "label" ? "labels" : field === "value" ? "values" : field], i);
        return spoken(index === undefined || value === undefined ? value : value[Number(index)]);
      });
    return plain(said);
  }
  if (trace.type === "pie") return `${plain(spoken(at(trace.labels, i)))}: ${spoken(at(trace.values, i))}`;
  return `${plain(spoken(at(trace.x, i)))}: ${spoken(at(trace.y, i))}`;
}

function alternative(figure) {
  const layout = figure.layout || {};
  const title = layout.title && (typeof layout.title === "string" ? layout.title : layout.title.text);
  const parts = title ? [plain(title)] : [];
  for (const note of layout.annotations || []) if (note.text) parts.push(plain(note.text));
  for (let trace of figure.data || []) {
    if (trace.visible === false) continue;
    const values = array(trace.type === "pie" ? trace.values : (trace.y || trace.x));
    const count = values && typeof values === "object" && "length" in values ? values.length : 0;
    if (!count) continue;
    trace = Object.fromEntries(Object.entries(trace).map(([key, value]) => [key, array(value)]));
    const picked = count <= POINTS ? [...Array(count).keys()]
      : [...new Set([...Array(POINTS).keys()].map((k) => Math.round((k * (count - 1)) / (POINTS - 1))))];
    const points = picked.map((i) => point(trace, i)).filter(Boolean).join("; ");
    const name = trace.name ? plain(trace.name) : "";
    parts.push(name && !points.startsWith(name) ? `${name}: ${points}` : points);
  }
  return parts.reduce((said, part) => (said ? `${said}${/[.…!?:]$/.test(said) ? " " : ". "}${part}`
    : part), "");
}

function render({ model, el }) {
  // plotly draws into the widget's own element (the page's styles and tests
  // find ".uno-lab-chart.js-plotly-plot")
  el.classList.add("uno-chart");
  // read as one picture, named by its words (see alternative)
  el.setAttribute("role", "img");
  const named = () => el.setAttribute("aria-label", alternative(model.get("figure") || {}));
  named();
  let Plotly = null;
  let closed = false;
  let busy = false; // a drawing waits its turn or is under way
  let pending = true; // the figure has changed since it was last drawn
  let drawnAt = 0; // the width it was last drawn at (its words wrapped to)
  let drawnKey = ""; // and how its words wrapped there
  const drawable = () => !closed && Plotly && el.isConnected && el.clientWidth > 0;
  // the chart's turn: the figure as it is now (a change made while it waited
  // is drawn, not the one it was asked for with)
  const turn = {
    el,
    draw: () => {
      if (!drawable()) {
        busy = false; // pending stays: the size observer asks again when it shows
        return undefined;
      }
      pending = false;
      const spec = fitted(model.get("figure") || {}, el.clientWidth);
      drawnAt = el.clientWidth;
      drawnKey = wordsOf(spec);
      return Promise.resolve()
        .then(() => Plotly.react(el, spec.data, spec.layout, model.get("config") || {}))
        .finally(() => {
          busy = false;
          if (pending) draw();
        });
    },
  };
  const draw = () => {
    pending = true;
    // one drawing at a time, the newest figure only; none while the chart is
    // hidden or not on the page yet (plotly would draw it 700 px wide): the
    // size observer draws it when it shows
    if (busy || !drawable()) return;
    busy = true;
    waitTurn(turn);
  };
  const sized = new ResizeObserver(() => {
    // drawn again, not only resized, when a new width changes what wraps
    const width = el.clientWidth;
    const rewrap = drawnAt > 0 && width > 0 && width !== drawnAt
      && wordsOf(fitted(model.get("figure") || {}, width)) !== drawnKey;
    if (pending || rewrap) draw();
    else if (Plotly && !busy && el.clientWidth > 0) {
      // after this frame, so that a resize is never part of the observer's loop
      requestAnimationFrame(() => {
        if (!closed && el.clientWidth > 0) Promise.resolve(Plotly.Plots.resize(el)).catch(() => {});
      });
    }
  });
  sized.observe(el);
  model.on("change:figure", draw);
  model.on("change:figure", named);
  // plotly.js is fetched once a chart is on show: a page whose charts are all
  // put away (a student's view of the teacher's board) never fetches it
  let loading = false;
  const start = () => {
    if (loading || model.get("hidden")) return;
    loading = true;
    load(model).then((loaded) => {
      Plotly = loaded;
      draw();
    }, (error) => {
      console.error("uno_nb chart: plotly.js could not be loaded", error);
      el.dataset.unoChartError = "plotly.js could not be loaded";
    });
  };
  // a chart put away (Chart.set_shown(False)) takes no room; shown again, the size
  // observer draws it at its width
  const hide = () => { el.style.display = model.get("hidden") ? "none" : ""; start(); };
  hide();
  model.on("change:hidden", hide);
  return () => {
    closed = true;
    sized.disconnect();
    model.off("change:figure", draw);
    model.off("change:figure", named);
    model.off("change:hidden", hide);
    if (Plotly) Plotly.purge(el);
  };
}

export default { render };

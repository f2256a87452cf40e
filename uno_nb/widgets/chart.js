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

function render({ model, el }) {
  // plotly draws into the widget's own element (the page's styles and tests
  // find ".uno-lab-chart.js-plotly-plot")
  el.classList.add("uno-chart");
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
    model.off("change:hidden", hide);
    if (Plotly) Plotly.purge(el);
  };
}

export default { render };

// uno_nb's charts (uno_nb/widgets/chart.py): a plotly figure drawn with
// plotly.js's basic bundle (scatter, bar and pie traces; 1.2 MB, where the
// FigureWidget's bundle holds every trace type in 5 MB), redrawn in place
// with Plotly.react whenever the kernel sends the figure anew.
//
// plotly.js is loaded once per page.  Under the web app the kernel names the
// server path of the bundle ("bundle"; the page template preloads that same
// address, so the browser fetches it while the page loads and caches it for
// good); anywhere else (JupyterLab, Binder's lab) the kernel sends the
// bundle's text ("source") and the page imports it from memory.

const LOADING = "__uno_nb_plotly"; // window[LOADING]: the one promise of the page

function plotly(model) {
  if (!window[LOADING]) {
    const url = model.get("bundle");
    let address;
    if (url) {
      // Voila's pages carry their base URL in <body data-base-url=".../voila/">
      const page = (document.body && document.body.dataset.baseUrl) || "/voila/";
      address = new URL(page.replace(/voila\/$/, "") + url, window.location.href).href;
    } else {
      address = URL.createObjectURL(new Blob([model.get("source")], { type: "text/javascript" }));
    }
    // the bundle is a UMD script: imported as a module it sets window.Plotly
    window[LOADING] = import(address).then(() => window.Plotly);
    window[LOADING].catch(() => { window[LOADING] = null; }); // a failed load is tried again
  }
  return window[LOADING];
}

async function render({ model, el }) {
  // plotly draws into the widget's own element (the page's styles and tests
  // find ".uno-lab-chart.js-plotly-plot", as with plotly's FigureWidget)
  el.classList.add("uno-chart");
  const plot = el;
  const Plotly = await plotly(model);
  let drawn = false;
  let queued = null;
  let closed = false;
  const draw = () => {
    // one drawing at a time; a figure sent meanwhile is drawn next, the
    // newest only (a fast series of updates draws its last state)
    if (closed || !plot.isConnected || plot.clientWidth === 0) return;
    if (queued) { queued.again = true; return; }
    const spec = model.get("figure") || {};
    queued = { again: false };
    Promise.resolve(Plotly.react(plot, spec.data || [], spec.layout || {}, model.get("config") || {}))
      .catch((error) => console.warn("uno_nb chart:", error))
      .finally(() => {
        const again = queued.again;
        queued = null;
        drawn = true;
        if (again) draw();
      });
  };
  // the first drawing waits until the chart's box has a width (a chart drawn
  // before its box is on the page would take plotly's default 700 px)
  const sized = new ResizeObserver(() => {
    if (!drawn) draw();
    else if (plot.clientWidth > 0 && !queued) Plotly.Plots.resize(plot);
  });
  sized.observe(plot);
  draw();
  model.on("change:figure", draw);
  return () => {
    closed = true;
    sized.disconnect();
    model.off("change:figure", draw);
    Plotly.purge(plot);
  };
}

export default { render };

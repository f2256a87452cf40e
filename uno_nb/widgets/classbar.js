// uno_nb's class bar (uno_nb/widgets/classbar.py): joins this page to a class.
// The class code comes from the page's link (?class=ABCDE), else from the
// last class this browser joined, else from what the student types; the
// student is an anonymous id this browser makes once and keeps.  The words
// come from the kernel (its "labels" and "status"); nothing here is said.

const STUDENT = "uno_nb:student";
const CLASS = "uno_nb:class";
const NICKNAME = "uno_nb:nickname";

function stored(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function store(key, value) {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch (e) { /* a browser that keeps nothing: the page asks again */ }
}

function studentId() {
  let id = stored(STUDENT);
  if (!/^[A-Za-z0-9]{8,64}$/.test(id)) {
    const bytes = new Uint8Array(8); // (crypto.randomUUID needs https; this does not)
    window.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    store(STUDENT, id);
  }
  return id;
}

function render({ model, el }) {
  el.classList.add("uno-class-bar");
  const status = document.createElement("div");
  status.className = "uno-class-status";
  const form = document.createElement("form");
  form.className = "uno-class-form";
  const code = document.createElement("input");
  code.className = "uno-class-code";
  code.autocomplete = "off";
  code.maxLength = 12;
  code.size = 8;
  const nickname = document.createElement("input");
  nickname.className = "uno-class-nickname";
  nickname.autocomplete = "off";
  nickname.maxLength = 24;
  nickname.size = 14;
  const join = document.createElement("button");
  join.type = "submit";
  join.className = "jupyter-widgets jupyter-button widget-button mod-primary uno-class-join";
  const codeLabel = document.createElement("label");
  const nickLabel = document.createElement("label");
  codeLabel.append(document.createElement("span"), code);
  nickLabel.append(document.createElement("span"), nickname);
  form.append(codeLabel, nickLabel, join);
  el.append(status, form);

  const ask = (typed, nick) => {
    model.set("request", { code: typed, nickname: nick, student: studentId(), at: Date.now() });
    model.save_changes();
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    store(NICKNAME, nickname.value.trim());
    ask(code.value, nickname.value);
  });
  const draw = () => {
    const labels = model.get("labels") || {};
    codeLabel.firstChild.textContent = labels.code || "";
    nickLabel.firstChild.textContent = labels.nickname || "";
    join.textContent = labels.join || "";
    status.textContent = model.get("status") || "";
    status.dataset.tone = model.get("tone") || "";
    const open = !!model.get("served");
    form.style.display = open ? "" : "none";
    // a stored class this board does not have (a class of last week's
    // board): forgotten, so the next page asks for the code again
    const forget = model.get("forget");
    if (forget && stored(CLASS) === forget) store(CLASS, "");
    const joined = model.get("joined");
    if (joined) {
      store(CLASS, joined);
      el.dataset.joined = joined;
    } else {
      delete el.dataset.joined;
    }
  };
  model.on("change:labels", draw);
  model.on("change:forget", draw);
  model.on("change:status", draw);
  model.on("change:joined", draw);
  model.on("change:served", draw);
  draw();
  // the board page asks to be told the time: it reads what is new each tick
  let timer = null;
  const tick = () => {
    const every = model.get("every");
    if (timer !== null) { clearInterval(timer); timer = null; }
    if (every > 0) {
      timer = setInterval(() => {
        if (!el.isConnected) { clearInterval(timer); timer = null; return; }
        model.send({ ev: "tick" });
      }, every);
    }
  };
  model.on("change:every", tick);
  tick();
  if (model.get("served") && !model.get("joined")) {
    const fromLink = new URLSearchParams(window.location.search).get("class") || "";
    const known = fromLink || stored(CLASS);
    nickname.value = stored(NICKNAME);
    code.value = known;
    if (known) ask(known, nickname.value);
  }
}

export default { render };

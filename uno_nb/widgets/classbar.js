// uno_nb's class bar (uno_nb/widgets/classbar.py): joins this page to a class,
// and shows where the teacher leads it.
// The class code comes from the page's link (?class=ABCDE), else from the
// last class this browser joined, else from what the student types.  The
// store enrols the student and hands this browser a secret for that class,
// kept here to come back as the same student after a reload.  The teacher's
// key comes from the board's link (?teacher=...): it is kept here and taken
// out of the address bar at once, so that a projected page never shows it.
// The words come from the kernel (its "labels", "status" and "lesson");
// nothing here is said.

const CLASS = "uno_nb:class";
const NICKNAME = "uno_nb:nickname";
const TEACHER = "uno_nb:teacher";
const SECRET = "uno_nb:secret:"; // + the class code

function stored(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function store(key, value) {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch (e) { /* a browser that keeps nothing: the page asks again */ }
}

// the teacher's key, from the link (then out of the address bar) or kept; a
// key from a link is kept only once the kernel has taken it (draw(), below),
// so that a link with a wrong key never replaces the teacher's
function teacherKey() {
  const params = new URLSearchParams(window.location.search);
  const fromLink = params.get("teacher");
  if (params.has("teacher")) {
    params.delete("teacher");
    const rest = params.toString();
    try {
      window.history.replaceState(window.history.state, "",
        window.location.pathname + (rest ? "?" + rest : "") + window.location.hash);
    } catch (e) { /* an address that can't be rewritten: the key stays in it */ }
  }
  return fromLink && /^[A-Za-z0-9_-]{16,128}$/.test(fromLink) ? fromLink : stored(TEACHER);
}

// the address of lesson page `page` in this page's language, beside this page
function pageHref(page) {
  const path = window.location.pathname;
  const found = path.match(/^(.*\/voila\/render\/)((?:ru\/)?)\d\d_[a-z0-9_]+\.ipynb$/);
  if (!found) return "";
  return found[1] + found[2] + page + ".ipynb";
}

function element(tag, className, parent) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (parent) parent.append(made);
  return made;
}

function render({ model, el }) {
  el.classList.add("uno-class-bar");
  const row = element("div", "uno-class-row", el);
  const status = element("div", "uno-class-status", row);
  status.setAttribute("role", "status");
  const form = element("form", "uno-class-form", row);
  const codeLabel = element("label", "", form);
  element("span", "", codeLabel);
  const code = element("input", "uno-class-code", codeLabel);
  code.autocomplete = "off";
  code.maxLength = 12;
  code.size = 8;
  const nickLabel = element("label", "", form);
  element("span", "", nickLabel);
  const nickname = element("input", "uno-class-nickname", nickLabel);
  nickname.autocomplete = "off";
  nickname.maxLength = 24;
  nickname.size = 14;
  const join = element("button", "jupyter-widgets jupyter-button widget-button mod-primary uno-class-join", form);
  join.type = "submit";
  // where the teacher leads: a line with a link, announced when it changes
  const lead = element("div", "uno-class-lead", el);
  lead.setAttribute("role", "status");
  lead.setAttribute("aria-live", "polite");
  lead.hidden = true;
  const moved = element("span", "uno-class-moved", lead);
  const go = element("a", "uno-class-go", lead);
  const asked = element("span", "uno-class-asked", lead);
  const toQuestion = element("a", "uno-class-to-question", lead);
  toQuestion.href = "#";
  // the class paused: the page covered until the teacher goes on
  const pause = element("div", "uno-class-pause", document.body);
  pause.setAttribute("role", "alertdialog");
  pause.setAttribute("aria-live", "assertive");
  pause.hidden = true;

  const key = teacherKey();
  const ask = (typed, nick) => {
    const exact = (typed || "").replace(/[\s-]/g, "").toUpperCase();
    model.set("request", {
      code: typed, nickname: nick, secret: stored(SECRET + exact), teacher: key,
      path: window.location.pathname, at: Date.now(),
    });
    model.save_changes();
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    store(NICKNAME, nickname.value.trim());
    ask(code.value, nickname.value);
  });
  const questionShown = () => {
    const wanted = (model.get("lesson") || {}).question;
    return wanted ? document.querySelector("." + wanted) : null;
  };
  toQuestion.addEventListener("click", (e) => {
    e.preventDefault();
    const box = questionShown();
    if (box) {
      box.scrollIntoView({ block: "center" });
      const first = box.querySelector("input, button");
      if (first) first.focus();
    }
  });
  const draw = () => {
    const labels = model.get("labels") || {};
    codeLabel.firstChild.textContent = labels.code || "";
    nickLabel.firstChild.textContent = labels.nickname || "";
    join.textContent = labels.join || "";
    status.textContent = model.get("status") || "";
    status.dataset.tone = model.get("tone") || "";
    const open = !!model.get("served") && !model.get("teacher");
    form.style.display = open ? "" : "none";
    // a stored class this board does not have (a class of last week's
    // board): forgotten, so the next page asks for the code again
    const forget = model.get("forget");
    if (forget && stored(CLASS) === forget) store(CLASS, "");
    const joined = model.get("joined");
    if (joined) {
      if (!model.get("teacher")) store(CLASS, joined);
      el.dataset.joined = joined;
    } else {
      delete el.dataset.joined;
    }
    if (model.get("teacher") && key) store(TEACHER, key); // taken: kept for the next pages
    const secret = model.get("secret") || {};
    if (secret.code && secret.secret) store(SECRET + secret.code, secret.secret);
  };
  let lastQuestion = "";
  const drawLesson = () => {
    const labels = model.get("labels") || {};
    const lesson = model.get("lesson") || {};
    const href = lesson.page ? pageHref(lesson.page) : "";
    moved.textContent = lesson.moved || "";
    go.textContent = href ? labels.go || "" : "";
    if (href) go.href = href; else go.removeAttribute("href");
    go.hidden = !href;
    asked.textContent = lesson.asked || "";
    toQuestion.textContent = labels.to_question || "";
    toQuestion.hidden = !(lesson.asked && lesson.here && questionShown());
    lead.hidden = !(lesson.moved || lesson.asked);
    pause.textContent = labels.paused || "";
    pause.hidden = !lesson.paused;
    if (lesson.question && lesson.here && lesson.question !== lastQuestion) {
      const box = questionShown();
      if (box) box.scrollIntoView({ block: "center", behavior: "smooth" });
    }
    lastQuestion = lesson.question || "";
  };
  for (const name of ["labels", "forget", "status", "joined", "served", "teacher", "secret"]) {
    model.on("change:" + name, draw);
  }
  model.on("change:lesson", drawLesson);
  model.on("change:labels", drawLesson);
  draw();
  drawLesson();
  // the kernel asks to be told the time (the board reads what is new, a page
  // follows its class); the next tick goes only once the last was answered
  // (its "tock"), so that a busy kernel never finds a queue of them
  let timer = null;
  let waiting = false;
  let sentAt = 0;
  const schedule = () => {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    const every = model.get("every");
    if (every > 0) timer = setTimeout(send, every);
  };
  const send = () => {
    timer = null;
    if (!el.isConnected) { pause.remove(); return; }
    if (waiting && Date.now() - sentAt < 60000) { schedule(); return; }
    waiting = true;
    sentAt = Date.now();
    model.send({ ev: "tick" });
    schedule();
  };
  model.on("change:tock", () => { waiting = false; });
  model.on("change:every", schedule);
  schedule();
  if (model.get("served") && !model.get("joined")) {
    const fromLink = new URLSearchParams(window.location.search).get("class") || "";
    const known = fromLink || stored(CLASS);
    nickname.value = stored(NICKNAME);
    code.value = known;
    if (known || key) ask(known, nickname.value);
  }
  return () => { if (timer !== null) clearTimeout(timer); pause.remove(); };
}

export default { render };

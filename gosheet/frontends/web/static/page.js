// gosheet in the browser: the page. It picks the browser's language, starts the worker
// (worker.js: Python and gosheet), takes the file the organiser picks or drops, runs a button's
// action on it and hands back the changed file as a download under the same name (Merge
// helpers' copies first asks for the copies, several files at once). Problems
// are shown as the command prints them, and then nothing is downloaded. A classic script (not a
// module), so that opened as a file it still runs and says how to serve the folder.
"use strict";
const WORDS = JSON.parse(document.getElementById("words").textContent);
const BUILD = JSON.parse(document.getElementById("build").textContent);
const LANGUAGE = pickLanguage();
const words = WORDS[LANGUAGE];
// The page's part of gosheet's table of actions (gosheet/app/doors.py), by data-action: whether
// a button takes a roster rather than a workbook, whether it first asks for the helpers' copies.
const ACTIONS = BUILD.actions;
const COPIES = Object.keys(ACTIONS).find((action) => ACTIONS[action].copies);
const WORKBOOKS = /\.(xlsx|xlsm|ods)$/i;
const ROSTERS = /\.(csv|txt|tsv|xlsx|xlsm|xls|ods)$/i;

const page = {
  state: "loading",
  file: null, // { name, data: ArrayBuffer }
  worker: null,
  asked: 0,
  answers: 0, // answers shown so far (body's data-answers: a page driven by a script waits on it)
};

function pickLanguage() {
  const offered = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language || "en"];
  for (const tag of offered) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary in WORDS) return primary;
  }
  return "en";
}

function word(key, fields = {}) {
  const text = words[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fields[name] : whole));
}

function element(id) {
  return document.getElementById(id);
}

function setState(state) {
  page.state = state;
  document.body.dataset.state = state;
  refreshButtons();
}

function translate() {
  document.documentElement.lang = LANGUAGE;
  document.title = word("title");
  for (const node of document.querySelectorAll("[data-word]")) {
    node.textContent = word(node.dataset.word);
  }
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.textContent = word(button.dataset.action);
  }
  element("copies").setAttribute("aria-label", word("copies"));
  document.querySelector(`button[data-action="${COPIES}"]`).title = word("copies");
  element("about").textContent =
    `gosheet ${BUILD.gosheet} · Pyodide ${BUILD.pyodide} (Python ${BUILD.python})`;
}

function refreshButtons() {
  const ready = page.state === "ready" && page.file !== null;
  for (const button of document.querySelectorAll("button[data-action]")) {
    const action = button.dataset.action;
    const fits = page.file !== null &&
      (ACTIONS[action].roster ? ROSTERS.test(page.file.name) : WORKBOOKS.test(page.file.name));
    button.disabled = !(ready && fits);
  }
}

function status(text, problem = false) {
  const line = element("status");
  line.textContent = text;
  line.classList.toggle("problem", problem);
}

function show(verdict, lines, good) {
  const answer = element("answer");
  answer.hidden = false;
  answer.classList.toggle("good", good);
  answer.classList.toggle("bad", !good);
  element("verdict").textContent = verdict;
  element("lines").textContent = lines.join("\n");
  element("lines").hidden = lines.length === 0;
  if (verdict !== word("working")) answer.scrollIntoView({ block: "nearest" });
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

async function take(file) {
  if (!file) return;
  element("answer").hidden = true;
  if (file.size > BUILD.limit_bytes) {
    page.file = null;
    element("chosen").textContent = word("none");
    show(word("too_large", {
      name: file.name, size: megabytes(file.size), limit: megabytes(BUILD.limit_bytes),
    }), [], false);
    refreshButtons();
    return;
  }
  page.file = { name: file.name, data: await file.arrayBuffer() };
  element("chosen").textContent = `${file.name} · ${Math.ceil(file.size / 1024)} KB`;
  refreshButtons();
}

function download(name, data, mime) {
  const url = URL.createObjectURL(new Blob([data], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function press(action, copies = []) {
  if (page.state !== "ready" || page.file === null) return;
  if (ACTIONS[action].copies && copies.length === 0) {
    const picker = element("copies");
    picker.value = "";
    picker.click(); // the copies, then mergeCopies
    return;
  }
  page.asked += 1;
  setState("busy");
  show(word("working"), [], true);
  page.worker.postMessage({
    id: page.asked,
    action,
    name: page.file.name,
    data: page.file.data.slice(0),
    language: LANGUAGE,
    options: JSON.stringify({
      system: element("system").value,
      rounds: element("rounds").value,
      url: element("url").value,
    }),
    copies,
  }, copies.map((copy) => copy.data));
}

async function mergeCopies(files) {
  if (!files || files.length === 0) return;
  const copies = [];
  for (const file of files) copies.push({ name: file.name, data: await file.arrayBuffer() });
  press(COPIES, copies);
}

function answered(message) {
  const { answer, data } = message;
  const lines = answer.lines;
  document.body.dataset.downloaded = answer.code === 0 && data !== null ? answer.name : "";
  if (answer.code !== 0) {
    show(word("nothing"), lines, false);
  } else if (data !== null) {
    download(answer.name, data, answer.mime);
    const notes = [word("downloaded", { name: answer.name })];
    if (page.file && answer.name === page.file.name) {
      page.file = { name: answer.name, data: data.slice(0) };
      notes.push(word("current", { name: answer.name }));
    }
    show(notes.join(" "), lines, true);
  } else {
    show("", lines, true);
  }
  page.answers += 1;
  document.body.dataset.answers = String(page.answers);
  setState("ready");
}

function heard(event) {
  const message = event.data;
  const progress = element("progress");
  if (message.type !== "answer") {
    console.debug(`gosheet: ${message.type} ${message.word ?? ""} ${message.done ?? ""} at ${message.ms} ms`);
  }
  if (message.type === "progress") {
    if (message.word === "loading") progress.removeAttribute("value"); // moving: no steps to count
    else progress.value = message.value;
    status(word(message.word, message));
  } else if (message.type === "ready") {
    progress.value = 100;
    element("loading").classList.add("done");
    status(word("ready", { version: message.version }));
    setState("ready");
  } else if (message.type === "answer") {
    answered(message);
  } else if (message.type === "failed") {
    status(word("failed", { error: message.error }), true);
    setState("failed");
  } else if (message.type === "crashed") {
    page.worker.terminate();
    show(word("crashed", { error: message.error }), [], false);
    status(word("crashed", { error: message.error }), true);
    setState("failed");
  }
}

function listen() {
  const drop = element("drop");
  element("pick").addEventListener("change", (event) => take(event.target.files[0]));
  element("copies").addEventListener("change", (event) => mergeCopies([...event.target.files]));
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    take(event.dataTransfer.files[0]);
  });
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.addEventListener("click", () => press(button.dataset.action));
  }
}

function start() {
  translate();
  listen();
  setState("loading");
  if (location.protocol === "file:") {
    status(word("serve"), true);
    setState("unserved");
    return;
  }
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    status(word("unsupported"), true);
    setState("failed");
    return;
  }
  page.worker = new Worker("worker.js", { type: "module" });
  page.worker.addEventListener("message", heard);
  page.worker.addEventListener("error", (event) => {
    status(word("failed", { error: event.message || "worker" }), true);
    setState("failed");
  });
}

start();

// gosheet in the browser: the page. It picks the browser's language, starts the worker
// (worker.js: Python and gosheet), takes the file the organiser picks or drops, runs a button's
// action on it and hands back the changed file: saved into the file opened where the browser
// lets a page write to it (Chromium's File System Access, after asking once), else downloaded
// under the file's own name (Merge helpers' copies first asks for the copies, several files at
// once). Problems are shown as the command prints them, and then nothing is saved. It
// registers the service worker (service-worker.js) that keeps the page for offline use. A
// classic script (not a module), so that opened as a file it still runs and says where the
// hosted page is.
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
const PICKED = {
  description: "Workbooks, rosters",
  accept: { "application/octet-stream": [".xlsx", ".xlsm", ".ods", ".csv", ".txt", ".tsv", ".xls"] },
};

const page = {
  state: "loading",
  file: null, // { name, data: ArrayBuffer, handle: FileSystemFileHandle | null, writable }
  worker: null,
  asked: 0,
  pressed: null, // the button whose answer is awaited
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
  element("language").value = LANGUAGE;
  element("version").textContent =
    `gosheet ${BUILD.gosheet} · Pyodide ${BUILD.pyodide} (Python ${BUILD.python})`;
}

function fits(action) {
  if (ACTIONS[action].blank) return true;
  if (page.file === null) return false;
  return (ACTIONS[action].roster ? ROSTERS : WORKBOOKS).test(page.file.name);
}

function refreshButtons() {
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.disabled = !(page.state === "ready" && fits(button.dataset.action));
  }
}

function why() {
  // a file that greys buttons says why, in words
  const line = element("why");
  const name = page.file?.name;
  line.textContent = !name ? "" : !ROSTERS.test(name) ? word("unfit", { name })
    : !WORKBOOKS.test(name) ? word("roster_only", { name }) : "";
  line.hidden = line.textContent === "";
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

async function take(file, handle = null) {
  if (!file) return;
  element("answer").hidden = true;
  if (file.size > BUILD.limit_bytes) {
    page.file = null;
    element("chosen").textContent = word("none");
    show(word("too_large", {
      name: file.name, size: megabytes(file.size), limit: megabytes(BUILD.limit_bytes),
      address: BUILD.latest,
    }), [], false);
    why();
    refreshButtons();
    return;
  }
  page.file = { name: file.name, data: await file.arrayBuffer(), handle, writable: null };
  element("chosen").textContent = `${file.name} · ${Math.ceil(file.size / 1024)} KB`;
  why();
  refreshButtons();
}

async function takeHandle(handle) {
  // a file opened through the File System Access API: the result may go back into it
  await take(await handle.getFile(), handle);
}

async function openPicked() {
  try {
    const [handle] = await window.showOpenFilePicker({ types: [PICKED] });
    await takeHandle(handle);
  } catch (error) {
    if (error.name !== "AbortError") show(word("failed", { error: error.message }), [], false);
  }
}

async function mayWrite(action) {
  // asked once for each file opened, when a button that changes it is first pressed
  const file = page.file;
  if (!file.handle || !ACTIONS[action].changes || file.writable !== null) return;
  const mode = { mode: "readwrite" };
  try {
    let answer = await file.handle.queryPermission(mode);
    if (answer === "prompt") answer = await file.handle.requestPermission(mode);
    file.writable = answer === "granted";
  } catch {
    file.writable = false;
  }
}

async function saveInPlace(handle, data) {
  try {
    const writable = await handle.createWritable();
    await writable.write(data);
    await writable.close();
    return true;
  } catch (error) {
    console.debug(`gosheet: not saved in place (${error}): downloaded`);
    return false;
  }
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

async function press(action, copies = []) {
  if (page.state !== "ready" || !fits(action)) return;
  if (ACTIONS[action].copies && copies.length === 0) {
    const picker = element("copies");
    picker.value = "";
    picker.click(); // the copies, then mergeCopies
    return;
  }
  const blank = ACTIONS[action].blank;
  page.asked += 1;
  setState("busy");
  show(word("working"), [], true);
  if (!blank) await mayWrite(action);
  page.pressed = action;
  page.worker.postMessage({
    id: page.asked,
    action,
    name: blank ? "" : page.file.name,
    data: blank ? new ArrayBuffer(0) : page.file.data.slice(0),
    language: LANGUAGE,
    options: JSON.stringify({
      system: element("system").value,
      rounds: element("rounds").value,
      language: element("language").value,
      type: element("type").value,
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

async function answered(message) {
  const { answer, data } = message;
  const lines = answer.lines;
  const file = ACTIONS[page.pressed].blank ? null : page.file;
  const same = file !== null && data !== null && answer.name === file.name;
  const inPlace = same && file.writable === true && await saveInPlace(file.handle, data);
  document.body.dataset.downloaded = answer.code === 0 && data !== null && !inPlace
    ? answer.name : "";
  document.body.dataset.saved = inPlace ? answer.name : "";
  if (answer.code !== 0) {
    show(word("nothing"), lines, false);
  } else if (data !== null) {
    if (!inPlace) download(answer.name, data, answer.mime); // the file's own name
    const notes = [word(inPlace ? "saved" : "downloaded", { name: answer.name })];
    if (same) {
      page.file = { ...file, data: data.slice(0) };
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
  if (message.type === "progress" && page.state === "busy") {
    show(word(message.word), [], true); // what a first Print or Publish loads
  } else if (message.type === "progress") {
    if (message.word === "loading") progress.removeAttribute("value"); // moving: no steps to count
    else progress.value = message.value;
    status(word(message.word, message));
  } else if (message.type === "ready") {
    progress.value = 100;
    element("loading").classList.add("done");
    status(word("ready", { version: message.version }));
    document.body.dataset.started = message.restored ? "snapshot" : "anew";
    setState("ready");
    offline();
  } else if (message.type === "kept") {
    document.body.dataset.snapshot = "kept"; // the next visit starts from it
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

async function dropped(transfer) {
  // both asked for at once: the drop's data is gone once the event is over
  const file = transfer.files[0];
  const item = transfer.items && transfer.items[0];
  const asked = item && typeof item.getAsFileSystemHandle === "function"
    ? item.getAsFileSystemHandle().catch(() => null) : Promise.resolve(null);
  const handle = await asked;
  if (handle && handle.kind === "file") return takeHandle(handle);
  return take(file);
}

function listen() {
  const drop = element("drop");
  const pick = element("pick");
  pick.addEventListener("change", (event) => take(event.target.files[0]));
  if (typeof window.showOpenFilePicker === "function") {
    pick.addEventListener("click", (event) => {
      event.preventDefault(); // the picker that lets the result go back into the file
      openPicked();
    });
  }
  element("copies").addEventListener("change", (event) => mergeCopies([...event.target.files]));
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    dropped(event.dataTransfer);
  });
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.addEventListener("click", () => press(button.dataset.action));
  }
}

function offline() {
  // the service worker keeps the page, Pyodide and the wheels: the next visit needs no network;
  // registered once Python is ready, so that filling its cache does not slow the first start
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("service-worker.js").catch((error) => {
    console.debug(`gosheet: no service worker (${error})`);
  });
  navigator.serviceWorker.ready.then(() => {
    document.body.dataset.offline = "ready";
    element("offline").textContent = word("offline");
  });
}

function start() {
  translate();
  listen();
  setState("loading");
  if (location.protocol === "file:") {
    status(word("hosted", { page: BUILD.page }), true);
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

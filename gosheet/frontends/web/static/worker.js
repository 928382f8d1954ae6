// gosheet's Python, in a Web Worker so that the page stays responsive: Pyodide from this
// folder (pyodide/), gosheet's wheel unpacked into its site-packages (wheels/), then each
// button's action run by gosheet.frontends.web.runner (with the helpers' copies, for Merge
// helpers' copies, written beside the workbook in Pyodide's memory). Nothing is fetched from
// outside the folder; the workbook never leaves the browser.
//
// Fast to start: only gosheet's own wheel at start; the other packages (ReportLab, Jinja2 …)
// when an action first imports one (it answers "later": they are loaded, the action runs
// again). The first start keeps a snapshot of Python's memory, gosheet imported, in the
// service worker's cache; the next visits start from it instead of starting Python anew.
// Right after Ready, what the first Pair would load is loaded (runner.settle), and the
// snapshot made after it.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
const SNAPSHOT = new URL("python.snapshot", here).href;
const SETTLE = "from gosheet.frontends.web import runner\nrunner.settle()";
let python = null;
let runner = null;
let build = null;
let later = null; // the packages loaded later: a promise, once asked for

const began = performance.now();

function say(message, transfer = []) {
  postMessage({ ...message, ms: Math.round(performance.now() - began) }, transfer);
}

async function fetched(path) {
  const answer = await fetch(new URL(path, here));
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${answer.statusText}`);
  return answer;
}

function bytes(path) {
  return fetched(path).then((answer) => answer.arrayBuffer());
}

async function kept() {
  // the service worker's cache (its name: the build's, and this folder), where caches exist
  if (typeof caches === "undefined") return null;
  try {
    return await caches.open(`${build.cache} ${here.href}`);
  } catch {
    return null; // a browser that refuses storage (a private window …)
  }
}

async function snapshot(cache) {
  if (!cache) return null;
  const found = await cache.match(SNAPSHOT);
  return found ? new Uint8Array(await found.arrayBuffer()) : null;
}

async function started(cache) {
  const options = {
    indexURL: new URL("pyodide/", here).href,
    packages: [],
    fullStdLib: false,
    stdout: () => {},
    stderr: () => {},
  };
  const memory = await snapshot(cache);
  if (memory) {
    try {
      return { python: await loadPyodide({ ...options, _loadSnapshot: memory }), restored: true };
    } catch (error) {
      console.debug(`gosheet: the snapshot did not load (${error}); starting anew`);
      await cache.delete(SNAPSHOT);
    }
  }
  return { python: await loadPyodide({ ...options, _makeSnapshot: cache !== null }) };
}

function unpack(data, name) {
  const site = python.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  python.unpackArchive(data, name.endsWith(".whl") ? "wheel" : "zip", { extractDir: site });
}

async function boot() {
  build = await (await fetched("build.json")).json();
  say({ type: "progress", word: "loading", value: 5 });
  const downloads = build.wheels.map((name) => bytes(`wheels/${name}`)); // beside Python's start
  const cache = await kept();
  const start = await started(cache);
  python = start.python;
  const total = build.wheels.length;
  say({ type: "progress", word: "installing", done: 0, total, value: 60 });
  for (const [index, download] of downloads.entries()) {
    unpack(await download, build.wheels[index]);
    say({ type: "progress", word: "installing", done: index + 1, total, value: 90 });
  }
  say({ type: "progress", word: "starting", value: 92 });
  python.runPython("import os; os.makedirs('/work', exist_ok=True)");
  let memory = null;
  let version;
  if (start.restored) {
    // the same Python as the first visit's: its own chances, not the snapshot's
    version = python.runPython(
      "import random; random.seed()\nfrom gosheet import about; about.VERSION",
    );
  } else {
    const modules = JSON.stringify(JSON.stringify(build.later_modules));
    version = python.runPython(
      `from gosheet.frontends.web import runner\nrunner.warm(${modules})`,
    );
  }
  say({ type: "ready", version, restored: Boolean(start.restored) });
  // what the first Pair loads, while the organiser chooses a workbook (a click waits for
  // it: boot's end); a restored Python has it already, the snapshot being made after it
  try {
    const settled = python.runPython(SETTLE);
    const ms = Math.round(performance.now() - began);
    console.debug(`gosheet: the first Pair's modules ${settled} at ${ms} ms`);
  } catch (error) {
    console.debug(`gosheet: the first Pair's modules not loaded (${error})`);
  }
  if (!start.restored) {
    try {
      if (cache) memory = python.makeMemorySnapshot(); // before any Python object reaches here
    } catch (error) {
      console.debug(`gosheet: no snapshot made (${error}); the next visit starts Python anew`);
    }
  }
  runner = python.pyimport("gosheet.frontends.web.runner");
  if (memory) {
    cache.put(SNAPSHOT, new Response(memory))
      .then(() => say({ type: "kept" }))
      .catch((error) => console.debug(`gosheet: no snapshot kept (${error})`));
  }
}

function loadLater() {
  const asked = performance.now();
  later ??= Promise.all(build.later.map((name) => bytes(`wheels/${name}`))).then((archives) => {
    const came = performance.now();
    archives.forEach((data, index) => unpack(data, build.later[index]));
    python.runPython("from gosheet.frontends.web import later; later.loaded()");
    console.debug(`gosheet: later packages fetched in ${Math.round(came - asked)} ms, ` +
      `unpacked in ${Math.round(performance.now() - came)} ms`);
  });
  return later;
}

function run(request) {
  const source = `/work/in-${request.id}`;
  const target = `/work/out-${request.id}`;
  python.FS.writeFile(source, new Uint8Array(request.data));
  const copies = (request.copies || []).map((copy, index) => {
    const path = `/work/copy-${request.id}-${index}`;
    python.FS.writeFile(path, new Uint8Array(copy.data));
    return [path, copy.name];
  });
  try {
    const answer = JSON.parse(
      runner.run_file(
        request.action, source, request.name, request.language, target, request.options,
        JSON.stringify(copies),
      ),
    );
    let data = null;
    if (answer.name !== null) {
      data = python.FS.readFile(target).buffer;
      python.FS.unlink(target);
    }
    return { answer, data };
  } finally {
    python.FS.unlink(source);
    for (const [path] of copies) python.FS.unlink(path);
  }
}

const booted = boot().catch((error) => {
  say({ type: "failed", error: String(error && error.message ? error.message : error) });
  throw error;
});

onmessage = async (event) => {
  const request = event.data;
  try {
    await booted;
    let done = run(request);
    if (done.answer.later) {
      say({ type: "progress", word: "loading_later", value: 95 });
      await loadLater();
      done = run(request);
    }
    const { answer, data } = done;
    say({ type: "answer", id: request.id, answer, data }, data ? [data] : []);
  } catch (error) {
    say({
      type: "crashed",
      id: request.id,
      error: String(error && error.message ? error.message : error),
    });
  }
};

// gosheet's Python, in a Web Worker so that the page stays responsive: Pyodide from this
// folder (pyodide/), gosheet's wheels unpacked into its site-packages (wheels/), then each
// button's action run by gosheet.frontends.web.runner (with the helpers' copies, for Merge
// helpers' copies, written beside the workbook in Pyodide's memory). Nothing is fetched from outside the
// folder; the workbook never leaves the browser.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
let python = null;
let runner = null;

const began = performance.now();

function say(message, transfer = []) {
  postMessage({ ...message, ms: Math.round(performance.now() - began) }, transfer);
}

async function fetched(path) {
  const answer = await fetch(new URL(path, here));
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${answer.statusText}`);
  return answer;
}

async function boot() {
  const build = await (await fetched("build.json")).json();
  const total = build.wheels.length;
  say({ type: "progress", word: "loading", value: 5 });
  python = await loadPyodide({
    indexURL: new URL("pyodide/", here).href,
    packages: [],
    fullStdLib: false,
    stdout: () => {},
    stderr: () => {},
  });
  const site = python.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  let done = 0;
  say({ type: "progress", word: "installing", done, total, value: 60 });
  const downloads = build.wheels.map((name) =>
    fetched(`wheels/${name}`).then((answer) => answer.arrayBuffer()),
  );
  for (const [index, download] of downloads.entries()) {
    python.unpackArchive(await download, "wheel", { extractDir: site });
    done = index + 1;
    say({ type: "progress", word: "installing", done, total, value: 60 + (30 * done) / total });
  }
  say({ type: "progress", word: "starting", value: 92 });
  python.runPython("import os; os.makedirs('/work', exist_ok=True)");
  runner = python.pyimport("gosheet.frontends.web.runner");
  const version = runner.warm();
  say({ type: "ready", version });
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
    say({ type: "answer", id: request.id, answer, data }, data ? [data] : []);
  } finally {
    python.FS.unlink(source);
    for (const [path] of copies) python.FS.unlink(path);
  }
}

const started = boot().catch((error) => {
  say({ type: "failed", error: String(error && error.message ? error.message : error) });
  throw error;
});

onmessage = async (event) => {
  const request = event.data;
  try {
    await started;
    run(request);
  } catch (error) {
    say({
      type: "crashed",
      id: request.id,
      error: String(error && error.message ? error.message : error),
    });
  }
};

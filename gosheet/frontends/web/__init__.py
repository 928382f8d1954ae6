"""gosheet in the browser: ``gosheet web-app -o DIR`` writes a static folder whose page runs
gosheet in WebAssembly Python (Pyodide), with no server code and no request outside the
folder; the workbook never leaves the browser.

- :mod:`gosheet.frontends.web.build` — the folder (``gosheet web-app``);
- :mod:`gosheet.frontends.web.runtime` — Pyodide's runtime from npm's ``pyodide`` (cached);
- :mod:`gosheet.frontends.web.wheels` — gosheet's wheel and its pure-Python dependencies';
- :mod:`gosheet.frontends.web.runner` — what each button runs, inside Pyodide;
- :mod:`gosheet.frontends.web.words` — the page's words in en, ru, fr, ca;
- ``static/`` — the page (``index.html``, ``page.js``, ``page.css``) and its worker
  (``worker.js``). docs/web.md tells an organiser and a club how to use and host it.
"""

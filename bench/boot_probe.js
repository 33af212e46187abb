// bench/boot.py's probe: put as the first script of the bench's own copy of
// index.html (never the published page), it records where a normal start's time
// goes, in ms since navigation start, in window.__boot:
//   called       Pyodide's start begins (static/snapshot.mjs, once the page is parsed)
//   booted, unpacked   Pyodide is up; app.zip unpacked into it (static/snapshot.mjs)
//   pyodide      Pyodide is ready (PyScript's onReady hook: the interpreter is up, with
//                our Python unpacked, and PyScript's set-up done)
//   zip_start, zip_end   app.zip's request and its last byte (Resource Timing)
//   py_start     the probe's Python has run, just before main.py (from the onReady hook)
//   imports_end  main.py's top-level imports of ui/royaltable are done (imports_ms: the
//                time spent in them, outermost imports only)
//   app_made     window.royalReady set: the App made, the page's listeners in place
//   usable       Python drew the home and removed #boot (what e2e/ and bench/ wait for);
//                on bench/bare.html, its script ran (body[data-ready])
// Only for measuring: a bench copy of the site, served on 127.0.0.1.
(() => {
  const marks = (window.__boot = { imports_ms: 0 });
  const now = () => performance.now();
  let ready = false;
  Object.defineProperty(window, "royalReady", {
    configurable: true,
    get: () => ready,
    set: (value) => { ready = value; if (value && marks.app_made === undefined) marks.app_made = now(); },
  });
  new MutationObserver(() => {
    if (marks.usable !== undefined) return;
    if ((ready && document.readyState !== "loading" && !document.getElementById("boot"))
        || (document.body && document.body.dataset.ready)) marks.usable = now();   // or the bare page's script ran
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"] });
  const PY = `
def _probe():
    import builtins, js
    original, depth, marks = builtins.__import__, [0], js.__boot
    def timed(name, globals=None, locals=None, fromlist=(), level=0):
        if depth[0] or level or name.split(".")[0] not in ("ui", "royaltable"):
            return original(name, globals, locals, fromlist, level)
        depth[0] += 1
        started = js.performance.now()
        try:
            return original(name, globals, locals, fromlist, level)
        finally:
            depth[0] -= 1
            end = js.performance.now()
            if not js.royalReady:
                marks.imports_ms += end - started
                marks.imports_end = end
    builtins.__import__ = timed
    marks.py_start = js.performance.now()
_probe()
del _probe
`;
  // PyScript's own module, once the page has run it (importing it earlier would make
  // PyScript read its configuration before the page's <script type="py"> exists).
  // Its address from this script's own (WebKit resolves a classic script's import()
  // against the page, not the script).
  const core = new URL("../static/vendor/pyscript/core.js", document.currentScript.src).href;
  document.addEventListener("DOMContentLoaded", () => import(core).then(({ hooks }) => {
    hooks.main.onReady.add((wrap) => {
      if (marks.pyodide !== undefined) return;
      marks.pyodide = now();
      wrap.interpreter.runPython(PY);       // before main.py runs
    });
  }));
  marks.finish = () => {
    const zip = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/app.zip"));
    if (zip) { marks.zip_start = zip.startTime; marks.zip_end = zip.responseEnd; }
    const snapshot = window.royalSnapshot;
    if (snapshot && snapshot.at) {
      for (const step of ["called", "booted", "unpacked"]) {
        if (snapshot.at[step] !== undefined) marks[step] = snapshot.at[step];
      }
    }
    return marks;
  };
})();

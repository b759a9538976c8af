/**
 * The source of the rendering worker (tsx-sandbox.ts starts it with `eval: true`, so it needs no
 * loader). Each job gets a fresh V8 context whose global object has a null prototype: the prelude,
 * the library bundle and the job's bundle all run inside it, and the host hands it nothing but
 * source text. The result comes back as a string that the job's code leaves in a global; the
 * worker polls for it (it never calls a function or a `then` of the sandbox, so no host function
 * ever reaches template code). While idle, the worker prepares the next job's context. Time and memory are bounded by the parent: it terminates the worker
 * when a job runs too long, and the worker's heap is capped (resourceLimits).
 * @module
 */
export const sandboxWorkerSource = `
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const vm = require("node:vm");
const prelude = new vm.Script(workerData.prelude, { filename: "sandbox-prelude.js" });
const library = new vm.Script(workerData.library, { filename: "email-library.js" });
const readResult = new vm.Script("globalThis.__renderResult");
const start = new vm.Script("globalThis.__startRender()");
const describe = (error) => {
  try {
    if (typeof error === "object" && error !== null && typeof error.message === "string") return error.message;
    return String(error);
  } catch {
    return "The template threw a value that cannot be shown";
  }
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
let busy = Promise.resolve();
// The next job's context is made ready (prelude and libraries loaded) while the worker is idle.
function prepare() {
  const context = vm.createContext(Object.create(null), {
    name: "e-mail template",
    codeGeneration: { strings: true, wasm: false },
  });
  try {
    prelude.runInContext(context);
    library.runInContext(context);
    return { context, error: null };
  } catch (error) {
    return { context, error };
  }
}
let prepared = null;
async function run(job) {
  const next = prepared ?? prepare();
  prepared = null;
  const context = next.context;
  try {
    if (next.error !== null) throw next.error;
    new vm.Script(job.code, { filename: "email.js" }).runInContext(context);
    start.runInContext(context);
    for (;;) {
      const result = readResult.runInContext(context);
      if (typeof result === "string") return result;
      await nextTurn();
    }
  } catch (error) {
    return JSON.stringify({ status: "error", error: describe(error) });
  }
}
parentPort.on("message", (job) => {
  busy = busy.then(async () => {
    const result = await run(job);
    parentPort.postMessage({ id: job.id, result });
    await nextTurn();
    prepared ??= prepare();
  });
});
parentPort.postMessage({ ready: true });
setImmediate(() => {
  prepared ??= prepare();
});
`;

/**
 * The source of a rendering child process (sandbox-process.ts starts it with `node -e`, so it
 * needs no loader or file). Each job gets a fresh V8 context whose global object has a null
 * prototype: the prelude, the library bundle and the job's bundle all run inside it, and the host
 * hands it nothing but source text. The result comes back as a string that the job's code leaves
 * in a global; the child polls for it (it never calls a function or a `then` of the sandbox, so no
 * host function ever reaches template code). While idle, it prepares the next job's context.
 *
 * Time and memory are bounded from outside (decision 028): the parent kills the process when a
 * job runs too long; the heap is capped by `--max-old-space-size`, and everything else (typed
 * arrays, buffers) by the process's data limit, under which a too-large allocation is a
 * RangeError the template sees. The process ends when its parent goes (the IPC channel closes).
 * @module
 */
export const sandboxChildSource = `
"use strict";
const vm = require("node:vm");
const { readFileSync } = require("node:fs");
const describe = (error) => {
  try {
    if (typeof error === "object" && error !== null && typeof error.message === "string") return error.message;
    return String(error);
  } catch {
    return "The template threw a value that cannot be shown";
  }
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
let scripts = null;
// The next job's context is made ready (prelude and libraries loaded) while the process is idle.
function prepare() {
  const context = vm.createContext(Object.create(null), {
    name: "e-mail template",
    codeGeneration: { strings: true, wasm: false },
  });
  try {
    scripts.prelude.runInContext(context);
    scripts.library.runInContext(context);
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
    scripts.start.runInContext(context);
    for (;;) {
      const result = scripts.readResult.runInContext(context);
      if (typeof result === "string") return result;
      await nextTurn();
    }
  } catch (error) {
    return JSON.stringify({ status: "error", error: describe(error) });
  }
}
// What the process holds once a job is done, sent with the answer, so that the parent can retire
// a process before it runs out (sandbox-process.ts). \`data\` is VmData, what the data limit
// (\`ulimit -d\`) counts; null without /proc. Null as a whole when the process cannot even
// measure itself (the parent then retires it).
function memory() {
  try {
    const usage = process.memoryUsage();
    let data = null;
    try {
      const found = /^VmData:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
      if (found !== null) data = Number(found[1]) * 1024;
    } catch {}
    return { rss: usage.rss, heapTotal: usage.heapTotal, heapUsed: usage.heapUsed, data };
  } catch {
    return null;
  }
}
let busy = Promise.resolve();
process.on("message", (message) => {
  if (scripts === null) {
    scripts = {
      prelude: new vm.Script(message.prelude, { filename: "sandbox-prelude.js" }),
      library: new vm.Script(message.library, { filename: "email-library.js" }),
      readResult: new vm.Script("globalThis.__renderResult"),
      start: new vm.Script("globalThis.__startRender()"),
    };
    prepared = prepare();
    process.send({ ready: true });
    return;
  }
  busy = busy.then(async () => {
    const result = await run(message);
    process.send({ id: message.id, result, memory: memory() });
    await nextTurn();
    prepared ??= prepare();
  });
});
process.on("disconnect", () => process.exit(0));
`;

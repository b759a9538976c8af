/**
 * One rendering sandbox: a Node child process running sandbox-child.ts, which renders one job at
 * a time in a fresh V8 context (decision 028). A child process rather than a worker thread, so
 * that its memory is its own and bounded as a whole: the V8 heap by `--max-old-space-size`, and
 * on Linux everything else too (typed arrays, buffers, Node's own) by the process's data limit
 * (`ulimit -d`), which `resourceLimits` of a worker cannot do. It starts with an empty environment
 * (no database address, no secret of ours), without core dumps, and ends with its parent.
 *
 * A job that overruns its time, or a process that dies (out of memory), ends the process; the
 * pool (render-pool.ts) starts another for the next job.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { z } from "zod";
import { sandboxChildSource } from "./sandbox-child";
import { sandboxLibrary } from "./sandbox-library";
import { sandboxPrelude } from "./sandbox-prelude";

export interface TsxRendered {
  html: string;
  text: string;
  subject?: string;
  notificationCategory?: string;
}

/** `busy`: the project's render queue was full, nothing was rendered (render-pool.ts). */
export type TsxRenderResult =
  | ({ ok: true } & TsxRendered)
  | { ok: false; error: string; busy?: true };

export interface SandboxLimits {
  /** Per render, from the moment a sandbox takes the job. */
  timeoutMs: number;
  /** The V8 heap's old generation. */
  heapMb: number;
  /** All the process's data (heap, typed arrays, buffers, Node's own); enforced on Linux. */
  memoryMb: number;
}

export const defaultSandboxLimits: SandboxLimits = {
  timeoutMs: 10_000,
  heapMb: 256,
  memoryMb: 640,
};

/** How long a new process may take to load the libraries before it counts as failed. */
const startTimeoutMs = 30_000;

const childAnswer = z.union([
  z.object({
    status: z.literal("ok"),
    data: z.object({
      html: z.string(),
      text: z.string(),
      subject: z.string().optional(),
      notificationCategory: z.string().optional(),
    }),
  }),
  z.object({ status: z.literal("error"), error: z.string() }),
]);

function parseAnswer(raw: unknown): TsxRenderResult {
  try {
    const answer = childAnswer.safeParse(typeof raw === "string" ? JSON.parse(raw) : null);
    if (!answer.success) return { ok: false, error: "The template returned an unreadable result" };
    if (answer.data.status === "error") return { ok: false, error: answer.data.error };
    return { ok: true, ...answer.data.data };
  } catch {
    return { ok: false, error: "The template returned an unreadable result" };
  }
}

/** The command: Node under a data limit where the platform has one (Linux counts mappings). */
function command(limits: SandboxLimits): string[] {
  const node = [
    process.execPath,
    `--max-old-space-size=${limits.heapMb}`,
    "--max-semi-space-size=16",
    "-e",
    sandboxChildSource,
  ];
  if (process.platform !== "linux") return node;
  const script = 'ulimit -c 0 && ulimit -d "$1" && shift && exec "$@"';
  return ["/bin/sh", "-c", script, "sandbox", String(limits.memoryMb * 1024), ...node];
}

interface RunningJob {
  id: number;
  resolve: (result: TsxRenderResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class SandboxProcess {
  private running: RunningJob | null = null;
  private ended = false;
  private nextId = 1;
  /** The end of the process's error output: says why it died (V8's out-of-memory message). */
  private errorTail = "";

  private constructor(
    private readonly child: ChildProcess,
    private readonly limits: SandboxLimits,
  ) {
    child.stderr?.on("data", (chunk: Buffer) => {
      this.errorTail = (this.errorTail + chunk.toString("utf8")).slice(-2_000);
    });
    child.on("exit", () => {
      this.ended = true;
      const memory = /out of memory|allocation failed/i.test(this.errorTail);
      this.finish(
        memory
          ? "The template used more memory than the e-mail renderer allows"
          : "The e-mail renderer stopped (out of memory?)",
      );
    });
    child.on("message", (message: { id?: number; result?: unknown }) => {
      const job = this.running;
      if (!job || message.id !== job.id) return;
      clearTimeout(job.timer);
      this.running = null;
      this.idle();
      job.resolve(parseAnswer(message.result));
    });
  }

  /** Starts a process and loads the libraries into it; rejects when it cannot. */
  static async start(limits: SandboxLimits): Promise<SandboxProcess> {
    const library = await sandboxLibrary();
    const [file, ...args] = command(limits);
    const child = spawn(file as string, args, {
      env: {},
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "json",
    });
    const sandbox = new SandboxProcess(child, limits);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`it did not start within ${startTimeoutMs} ms`));
      }, startTimeoutMs);
      const settle = (error?: Error) => {
        clearTimeout(timer);
        child.off("message", onReady);
        child.off("exit", onExit);
        child.off("error", onError);
        if (error) reject(error);
        else resolve();
      };
      const onReady = (message: { ready?: boolean }) => {
        if (message.ready === true) settle();
      };
      const onExit = (code: number | null) =>
        settle(new Error(`it exited (${code}): ${sandbox.errorTail.trim().slice(-300)}`));
      const onError = (error: Error) => settle(error);
      child.on("message", onReady);
      child.once("exit", onExit);
      child.once("error", onError);
      child.send({ prelude: sandboxPrelude, library });
    });
    sandbox.idle();
    return sandbox;
  }

  /** False once the process has ended (killed for an overrun, or died). */
  get alive(): boolean {
    return !this.ended;
  }

  /** Renders a bundled job; one at a time (the pool's turn). */
  run(code: string): Promise<TsxRenderResult> {
    if (this.running) throw new Error("A sandbox renders one job at a time");
    return new Promise((resolve) => {
      if (this.ended) {
        resolve({ ok: false, error: "The e-mail renderer stopped" });
        return;
      }
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.finish(`Rendering took longer than ${this.limits.timeoutMs} ms`);
        this.stop();
      }, this.limits.timeoutMs);
      this.running = { id, resolve, timer };
      // While it renders, the process keeps ours alive (a send waits for its e-mail).
      this.child.ref();
      this.channel()?.ref();
      this.child.send({ id, code });
    });
  }

  /** Ends the process (SIGKILL: a template in an endless loop does not listen). */
  stop(): void {
    this.ended = true;
    this.child.kill("SIGKILL");
  }

  /** Ends the running job, if any, with `error`. */
  private finish(error: string): void {
    const job = this.running;
    if (!job) return;
    clearTimeout(job.timer);
    this.running = null;
    job.resolve({ ok: false, error });
  }

  /** An idle sandbox does not keep the server's process alive. */
  private idle(): void {
    this.child.unref();
    this.channel()?.unref();
    (this.child.stderr as { unref?: () => void } | null)?.unref?.();
  }

  private channel(): { ref(): void; unref(): void } | undefined {
    return (this.child as { channel?: { ref(): void; unref(): void } }).channel;
  }
}

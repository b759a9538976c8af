/**
 * One rendering sandbox: a Node child process running sandbox-child.ts, which renders one job at
 * a time in a fresh V8 context (decision 028). A child process rather than a worker thread, so
 * that its memory is its own and bounded as a whole: the V8 heap by `--max-old-space-size`, and
 * on Linux everything else too (typed arrays, buffers, Node's own) by the process's data limit
 * (`ulimit -d`), which `resourceLimits` of a worker cannot do. It starts with an empty environment
 * (no database address, no secret of ours), without core dumps, and ends with its parent.
 *
 * A job that overruns its time, or a process that dies (out of memory), ends the process; the
 * pool (render-pool.ts) starts another for the next job. A process also reports what it holds
 * with each answer, and is retired after that answer (ended, to be replaced) when a template left
 * it too little room under its data limit, or after `jobsPerSandbox` jobs (isWorn): a process
 * reused near its limit died of the next, harmless job, which took the blame (decision 028).
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
  /**
   * How many jobs one process renders before a fresh one replaces it: a safety net (isWorn). A
   * start costs about 0.36 s (measured, a warm server) against 0.17–0.28 s per render, so at 200
   * the restarts are about 1 % of the rendering time.
   */
  jobsPerSandbox: number;
}

export const defaultSandboxLimits: SandboxLimits = {
  timeoutMs: 10_000,
  heapMb: 256,
  memoryMb: 640,
  jobsPerSandbox: 200,
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

/** What a process holds after a job, as it reports it (sandbox-child.ts), in bytes. */
export interface SandboxMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** VmData, what the data limit counts; null without /proc. */
  data: number | null;
}

const memoryReport = z.object({
  rss: z.number(),
  heapTotal: z.number(),
  heapUsed: z.number(),
  data: z.number().nullable(),
});

/**
 * How a process ended: `overran` (killed for its time), `died` (exited by itself, mostly out of
 * memory), `retired` (worn, ended after its answer), `stopped` (by us).
 */
export type SandboxEnding = "overran" | "died" | "retired" | "stopped";

/**
 * How much room under the data limit a process must keep for its V8 heap, as a multiple of the
 * heap's limit: a whole old generation (`heapMb`), plus a quarter for the young generation (3 x
 * the 16 MB semi-space we set, 48 MB, a fifth of the default 256 MB) and a render's buffers
 * outside the heap. See isWorn.
 */
const heapRoomFactor = 1.25;

/**
 * Whether a process should make way for a fresh one after its answer.
 *
 * Memory: the heap alone is no signal. After a job it is mostly the garbage of earlier jobs'
 * contexts (measured over 500 renders: heapUsed climbs from 30 to about 230 MB and falls back
 * again, V8 collecting it near its limit), and V8 collects before it fails at `heapMb`. What
 * killed an innocent job is the rest: typed arrays a template left behind (garbage too, but
 * still mapped) filled the data limit, and the next job's heap could not grow under it. So a
 * process is retired when what it holds outside its heap (VmData − heapTotal; 55–68 MB over
 * those 500 renders) leaves less than heapRoomFactor × heapMb under the data limit: with the
 * defaults, above 640 − 320 = 320 MB. A configuration whose heap leaves no such room retires
 * after every job, slow but safe. Without /proc (no data limit either) only the job count counts.
 *
 * Jobs: a safety net for slow growth the memory rule does not see (fragmentation, caches).
 */
export function isWorn(limits: SandboxLimits, jobs: number, memory: SandboxMemory | null): boolean {
  if (jobs >= limits.jobsPerSandbox) return true;
  // A process that could not measure itself is in no state to be trusted with another job.
  if (memory === null) return true;
  if (memory.data === null) return false;
  const mb = 1024 * 1024;
  const outsideHeap = memory.data - memory.heapTotal;
  return limits.memoryMb * mb - outsideHeap < limits.heapMb * mb * heapRoomFactor;
}

interface RunningJob {
  id: number;
  resolve: (result: TsxRenderResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class SandboxProcess {
  private running: RunningJob | null = null;
  private endedAs: SandboxEnding | null = null;
  private nextId = 1;
  private jobsDone = 0;
  private lastMemory: SandboxMemory | null = null;
  /** The end of the process's error output: says why it could not start. */
  private errorTail = "";
  /**
   * Whether V8 said it ran out of memory. Kept apart from the tail: its threads' stack traces
   * after the message can push it out of the tail (seen).
   */
  private outOfMemory = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly limits: SandboxLimits,
  ) {
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = this.errorTail + chunk.toString("utf8");
      if (/out of memory|allocation failed/i.test(text)) this.outOfMemory = true;
      this.errorTail = text.slice(-2_000);
    });
    child.on("exit", () => {
      this.endedAs ??= "died";
      if (this.endedAs !== "died") {
        this.finish("The e-mail renderer stopped");
        return;
      }
      this.finish(
        this.outOfMemory
          ? "The template used more memory than the e-mail renderer allows"
          : "The e-mail renderer stopped (out of memory?)",
      );
    });
    child.on("message", (message: { id?: number; result?: unknown; memory?: unknown }) => {
      const job = this.running;
      if (!job || message.id !== job.id) return;
      clearTimeout(job.timer);
      this.running = null;
      this.jobsDone += 1;
      const memory = memoryReport.safeParse(message.memory);
      this.lastMemory = memory.success ? memory.data : null;
      if (isWorn(this.limits, this.jobsDone, this.lastMemory)) this.end("retired");
      else this.idle();
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

  /** False once the process has ended (killed for an overrun, died, retired or stopped). */
  get alive(): boolean {
    return this.endedAs === null;
  }

  /** How the process ended; null while it lives. */
  get ending(): SandboxEnding | null {
    return this.endedAs;
  }

  /** What it held after its last answer; null before the first or without a report. */
  get memory(): SandboxMemory | null {
    return this.lastMemory;
  }

  /** Renders a bundled job; one at a time (the pool's turn). */
  run(code: string): Promise<TsxRenderResult> {
    if (this.running) throw new Error("A sandbox renders one job at a time");
    return new Promise((resolve) => {
      if (!this.alive) {
        resolve({ ok: false, error: "The e-mail renderer stopped" });
        return;
      }
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.finish(`Rendering took longer than ${this.limits.timeoutMs} ms`);
        this.end("overran");
      }, this.limits.timeoutMs);
      this.running = { id, resolve, timer };
      // While it renders, the process keeps ours alive (a send waits for its e-mail).
      this.child.ref();
      this.channel()?.ref();
      this.child.send({ id, code });
    });
  }

  /** Ends the process; a job it was rendering is answered that the renderer stopped. */
  stop(): void {
    this.end("stopped");
  }

  /** SIGKILL: a template in an endless loop does not listen. The first reason is kept. */
  private end(as: SandboxEnding): void {
    this.endedAs ??= as;
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

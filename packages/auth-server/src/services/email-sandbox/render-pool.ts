/**
 * Who renders next (decision 028): several sandboxes (sandbox-process.ts), one queue per project,
 * and fair turns between projects, so that one project's slow or endless templates cannot hold
 * another project's e-mail.
 *
 * - Each project's renders wait in its own queue, first come first served, at most
 *   `waitingPerProject` of them; one more is answered `busy` at once (the route says 429).
 * - When a sandbox is free, the next project in turn (round robin over the projects with waiting
 *   renders) gets it; a project that already renders in `sandboxes - 1` of them waits, so one
 *   sandbox is always left for the others.
 * - Sandboxes start when first needed and are reused; one that ended (an overrun, out of memory,
 *   or retired as worn after an answer: sandbox-process.ts) is replaced for the next job.
 * - A job whose process died under it (not an overrun: that is the job's own time) runs once more
 *   at once, in a fresh process on the same sandbox slot, so it keeps its place and its project's
 *   count; only when it dies there too is it answered with the death. A process can die of what
 *   earlier jobs left in it, and the job it happens to run must not take the blame (decision 028).
 * @module
 */
import { availableParallelism } from "node:os";
import {
  defaultSandboxLimits,
  type SandboxEnding,
  type SandboxLimits,
  SandboxProcess,
  type TsxRenderResult,
} from "./sandbox-process";

export interface RenderPoolOptions extends SandboxLimits {
  /** How many renders may run at once: at least 2, so that one project never holds them all. */
  sandboxes: number;
  /** How many of one project's renders may wait for a sandbox; more are answered `busy`. */
  waitingPerProject: number;
}

/** Two sandboxes on a small machine, one per core on a larger one, at most four. */
export const defaultRenderPoolOptions: RenderPoolOptions = {
  ...defaultSandboxLimits,
  sandboxes: Math.max(2, Math.min(availableParallelism(), 4)),
  waitingPerProject: 8,
};

interface Job {
  projectId: string;
  code: string;
  resolve: (result: TsxRenderResult) => void;
}

/** One try at a job: its answer, and how the process it ran in ended (null: it lives on). */
interface Attempt {
  result: TsxRenderResult;
  ending: SandboxEnding | null;
}

const stoppedAttempt: Attempt = {
  result: { ok: false, error: "The e-mail renderer stopped" },
  ending: null,
};

interface Slot {
  sandbox: Promise<SandboxProcess> | null;
  busy: boolean;
}

export class RenderPool {
  /** Waiting renders by project; the map's order is the order of turns. */
  private readonly waiting = new Map<string, Job[]>();
  private readonly runningPerProject = new Map<string, number>();
  private readonly slots: Slot[];
  private readonly perProjectLimit: number;
  private stopped = false;
  private processesStarted = 0;

  constructor(private readonly options: RenderPoolOptions) {
    const count = Math.max(2, options.sandboxes);
    this.slots = Array.from({ length: count }, () => ({ sandbox: null, busy: false }));
    this.perProjectLimit = count - 1;
  }

  /** Renders a bundled job for `projectId` when its turn comes; `busy` when its queue is full. */
  run(projectId: string, code: string): Promise<TsxRenderResult> {
    if (this.stopped) return Promise.resolve({ ok: false, error: "The e-mail renderer stopped" });
    return new Promise((resolve) => {
      const queue = this.waiting.get(projectId) ?? [];
      const job = { projectId, code, resolve };
      queue.push(job);
      if (!this.waiting.has(projectId)) this.waiting.set(projectId, queue);
      this.pump();
      // Still waiting (no sandbox for it now) beyond the project's share: refused, not queued.
      if (queue.length > this.options.waitingPerProject && queue.at(-1) === job) {
        queue.pop();
        if (queue.length === 0) this.waiting.delete(projectId);
        resolve({
          ok: false,
          busy: true,
          error: "Too many of this project's e-mails are waiting to be rendered",
        });
      }
    });
  }

  /** How many of a project's renders run and wait now. */
  load(projectId: string): { running: number; waiting: number } {
    return {
      running: this.runningPerProject.get(projectId) ?? 0,
      waiting: this.waiting.get(projectId)?.length ?? 0,
    };
  }

  /** How many sandbox processes the pool has started, replacements and retries included. */
  get started(): number {
    return this.processesStarted;
  }

  /**
   * Ends every sandbox and answers what waits, and renders nothing more (tests; a server that
   * shuts down lets its sandboxes end with it).
   */
  stop(): void {
    this.stopped = true;
    for (const queue of this.waiting.values()) {
      for (const job of queue) job.resolve({ ok: false, error: "The e-mail renderer stopped" });
    }
    this.waiting.clear();
    for (const slot of this.slots) {
      void slot.sandbox?.then((sandbox) => sandbox.stop()).catch(() => undefined);
      slot.sandbox = null;
    }
  }

  /** Gives free sandboxes to the next projects in turn. */
  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.nextJob();
      if (!job) return;
      void this.runOn(slot, job);
    }
  }

  /** The first waiting render of the next project in turn that may run one more. */
  private nextJob(): Job | undefined {
    for (const [projectId, queue] of this.waiting) {
      if ((this.runningPerProject.get(projectId) ?? 0) >= this.perProjectLimit) continue;
      const job = queue.shift() as Job;
      // Its turn is used: it goes to the end of the order (or leaves it, with nothing waiting).
      this.waiting.delete(projectId);
      if (queue.length > 0) this.waiting.set(projectId, queue);
      return job;
    }
    return undefined;
  }

  private async runOn(slot: Slot, job: Job): Promise<void> {
    slot.busy = true;
    this.runningPerProject.set(job.projectId, (this.runningPerProject.get(job.projectId) ?? 0) + 1);
    let attempt = await this.attempt(slot, job.code);
    if (attempt.ending === "died") attempt = await this.attempt(slot, job.code);
    const result = attempt.result;
    const running = (this.runningPerProject.get(job.projectId) ?? 1) - 1;
    if (running === 0) this.runningPerProject.delete(job.projectId);
    else this.runningPerProject.set(job.projectId, running);
    slot.busy = false;
    job.resolve(result);
    this.pump();
  }

  /** Renders on the slot's process, started (or replaced, if it ended while idle) as needed. */
  private async attempt(slot: Slot, code: string): Promise<Attempt> {
    try {
      if (this.stopped) return stoppedAttempt;
      slot.sandbox ??= this.startProcess();
      let sandbox = await slot.sandbox;
      // Retired after its last answer, or died while preparing the next context.
      if (!sandbox.alive) {
        if (this.stopped) return stoppedAttempt;
        slot.sandbox = this.startProcess();
        sandbox = await slot.sandbox;
      }
      const result = await sandbox.run(code);
      if (!sandbox.alive) slot.sandbox = null;
      return { result, ending: sandbox.ending };
    } catch (error) {
      slot.sandbox = null;
      const reason = error instanceof Error ? error.message : String(error);
      return {
        result: { ok: false, error: `The e-mail renderer could not start: ${reason}` },
        ending: null,
      };
    }
  }

  private startProcess(): Promise<SandboxProcess> {
    this.processesStarted += 1;
    return SandboxProcess.start(this.options);
  }
}

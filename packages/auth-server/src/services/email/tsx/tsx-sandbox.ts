/**
 * Renders e-mail templates and themes written in TSX (React Email), as the reference stores them,
 * without trusting them: a template is a project admin's code.
 *
 * 1. esbuild compiles the template, the theme and our render entry into one script. The files are
 *    virtual (no `resolveDir`), so an import of anything but the sandbox's libraries (react,
 *    react/jsx-runtime, @react-email/components, arktype, @stackframe/emails) fails to build:
 *    no file, no package, no Node module is reachable. Build errors are esbuild's own messages
 *    (`virtual:/theme.tsx:4:12: ERROR: …`), as the reference answers them.
 * 2. A worker thread (sandbox-worker.ts) runs the script in a fresh V8 context with its own
 *    globals (sandbox-prelude.ts) and the library bundle (sandbox-library.ts), and hands back the
 *    result as a string. The parent gives each job a time limit and terminates the worker on
 *    overrun; the worker's heap is capped; one job runs at a time.
 *
 * Decision record 022 explains the choice (a V8 context in a worker, not `vm` in-process, not a
 * child process, not an interpreter in WebAssembly).
 * @module
 */
import { Worker } from "node:worker_threads";
import type { Plugin } from "esbuild";
import { z } from "zod";
import { libraryModules, sandboxLibrary } from "./sandbox-library";
import { sandboxPrelude } from "./sandbox-prelude";
import { sandboxWorkerSource } from "./sandbox-worker";

export interface ProjectLogos {
  logoUrl?: string;
  logoFullUrl?: string;
  logoDarkModeUrl?: string;
  logoFullDarkModeUrl?: string;
}

export interface TsxRenderInput {
  templateSource: string;
  themeSource: string;
  user: { displayName: string | null };
  project: { displayName: string };
  variables?: Record<string, unknown>;
  themeProps?: { unsubscribeLink?: string; projectLogos?: ProjectLogos };
  /** Previews: the template's PreviewVariables and the theme's PreviewProps apply. */
  previewMode?: boolean;
}

export interface TsxRendered {
  html: string;
  text: string;
  subject?: string;
  notificationCategory?: string;
}

export type TsxRenderResult = ({ ok: true } & TsxRendered) | { ok: false; error: string };

/** The theme that puts the template's body in a document and nothing else (theme_id: false). */
export const emptyThemeSource = [
  'import { Html, Body } from "@react-email/components";',
  "export function EmailTheme({ children }) {",
  "  return <Html><Body>{children}</Body></Html>;",
  "}",
].join("\n");

/** A theme that adds nothing: for a TSX template inside a markup theme (filled in afterwards). */
export const passThroughThemeSource =
  "export function EmailTheme({ children }) { return <>{children}</>; }";

/** A TSX template showing fixed HTML (markup templates inside TSX themes, HTML e-mails). */
export function templateFromHtml(html: string): string {
  return [
    "export function EmailTemplate() {",
    `  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />;`,
    "}",
  ].join("\n");
}

/**
 * The entry. The theme's import must stay on line 9: for a theme without `EmailTheme`, esbuild's
 * message names `virtual:/render.tsx:9:9`, as the reference's does.
 */
function renderEntry(input: TsxRenderInput): string {
  const preview = input.previewMode === true;
  const data = JSON.stringify({
    user: input.user,
    project: input.project,
    variables: input.variables ?? {},
    themeProps: input.themeProps ?? {},
  });
  return [
    'import { render } from "@react-email/components";',
    'import { type } from "arktype";',
    'import * as TemplateModule from "./template.tsx";',
    "const { variablesSchema, EmailTemplate } = TemplateModule;",
    `const input = ${data};`,
    `const previewMode = ${preview};`,
    "// The template's variables are what its variablesSchema returns (none without a schema).",
    "// The theme's import below stays on line 9 (see renderEntry).",
    'import { EmailTheme } from "./theme.tsx";',
    "function findValue(element, mark) {",
    "  const found = [];",
    "  const visit = (node) => {",
    "    if (Array.isArray(node)) { node.forEach(visit); return; }",
    "    if (node === null || typeof node !== 'object' || !('props' in node)) return;",
    "    if (typeof node.type === 'function' && node.type.__stackComponent === mark) found.push(node);",
    "    const children = node.props?.children;",
    "    if (children !== undefined) visit(children);",
    "  };",
    "  visit(element.type(element.props ?? {}));",
    "  if (found.length === 0) return undefined;",
    '  if (found.length > 1) throw new Error("Expected exactly one occurrence of component \\"" + mark + "\\", found " + found.length + ".");',
    "  const value = found[0].props?.value;",
    '  if (typeof value !== "string") throw new Error("The \\"value\\" prop of \\"" + mark + "\\" must be a string.");',
    "  return value;",
    "}",
    "async function renderEmail() {",
    "  const given = { ...(previewMode ? (EmailTemplate?.PreviewVariables ?? {}) : {}), ...input.variables };",
    "  const variables = variablesSchema ? variablesSchema(given) : {};",
    "  if (variables instanceof type.errors) throw new Error(variables.summary);",
    "  const themeProps = { ...input.themeProps, ...(previewMode ? (EmailTheme.PreviewProps ?? {}) : {}) };",
    "  const template = <EmailTemplate variables={variables} user={input.user} project={input.project} />;",
    "  const body = previewMode && EmailTheme.PreviewProps?.children !== undefined ? EmailTheme.PreviewProps.children : template;",
    "  const email = <EmailTheme {...themeProps}>{body}</EmailTheme>;",
    "  const html = await render(email);",
    "  const text = await render(email, { plainText: true });",
    "  const subject = findValue(template, 'Subject');",
    "  const notificationCategory = findValue(template, 'NotificationCategory');",
    "  return { html, text, subject, notificationCategory };",
    "}",
    "globalThis.__startRender = () => {",
    "  const describe = (error) => error instanceof Error ? error.message : String(error);",
    "  Promise.resolve().then(renderEmail).then(",
    "    (data) => { globalThis.__renderResult = JSON.stringify({ status: 'ok', data }); },",
    "    (error) => { globalThis.__renderResult = JSON.stringify({ status: 'error', error: describe(error) }); },",
    "  );",
    "};",
  ].join("\n");
}

function emailFiles(files: Record<string, string>): Plugin {
  const libraries = new Set<string>(libraryModules);
  return {
    name: "email-files",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (libraries.has(args.path)) return { path: args.path, namespace: "library" };
        if (args.kind === "entry-point") return { path: "/render.tsx", namespace: "virtual" };
        const file = args.path.replace(/^\.\//, "/");
        if (args.namespace === "virtual" && Object.hasOwn(files, file)) {
          return { path: file, namespace: "virtual" };
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => ({
        contents: files[args.path] ?? "",
        loader: "tsx",
      }));
      build.onLoad({ filter: /.*/, namespace: "library" }, (args) => ({
        contents: `module.exports = globalThis.__emailLibrary[${JSON.stringify(args.path)}];`,
        loader: "js",
      }));
    },
  };
}

/** Compiles a render job; a broken source is `{ ok: false, error }` with esbuild's message. */
export async function bundleRenderJob(
  input: TsxRenderInput,
): Promise<{ ok: true; code: string } | { ok: false; error: string }> {
  const esbuild = await import("esbuild");
  const files = {
    "/render.tsx": renderEntry(input),
    "/template.tsx": input.templateSource,
    "/theme.tsx": input.themeSource,
  };
  try {
    const result = await esbuild.build({
      entryPoints: ["render.tsx"],
      bundle: true,
      write: false,
      format: "iife",
      platform: "neutral",
      target: "es2022",
      jsx: "automatic",
      logLevel: "silent",
      plugins: [emailFiles(files)],
    });
    return { ok: true, code: result.outputFiles[0]?.text ?? "" };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const workerAnswer = z.union([
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

export interface SandboxLimits {
  /** Per render, from the moment the worker takes the job. */
  timeoutMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
}

export const defaultSandboxLimits: SandboxLimits = { timeoutMs: 10_000, heapMb: 384 };

interface Job {
  id: number;
  code: string;
  resolve: (result: TsxRenderResult) => void;
}

/** One worker, one job at a time; a job that overruns ends the worker, the next job starts one. */
class SandboxRunner {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;

  constructor(private readonly limits: SandboxLimits) {}

  run(code: string): Promise<TsxRenderResult> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, code, resolve });
      void this.pump();
    });
  }

  private async start(): Promise<Worker> {
    const library = await sandboxLibrary();
    const worker = new Worker(sandboxWorkerSource, {
      eval: true,
      workerData: { prelude: sandboxPrelude, library },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    // Only the job of this very worker: a worker ended for a job's overrun may still report its
    // own end after the next job has started on a new one.
    worker.on("error", () => {
      if (this.worker === worker && this.running) {
        this.fail(this.running, "The e-mail renderer stopped (out of memory?)");
      }
    });
    worker.on("exit", () => {
      if (this.worker === worker) this.reset();
    });
    this.worker = worker;
    return worker;
  }

  private reset(): void {
    this.worker = null;
    this.ready = null;
  }

  /** Ends `job` with `message` and its worker, unless that job has already ended. */
  private fail(job: Job, message: string): void {
    if (this.running !== job) return;
    const worker = this.worker;
    this.running = null;
    this.reset();
    void worker?.terminate();
    job.resolve({ ok: false, error: message });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift() as Job;
    this.running = job;
    let worker: Worker;
    try {
      this.ready ??= this.start();
      worker = await this.ready;
    } catch (error) {
      this.running = null;
      this.reset();
      job.resolve({ ok: false, error: `The e-mail renderer could not start: ${String(error)}` });
      void this.pump();
      return;
    }
    // The timer belongs to this job: it never ends a later one (fail checks).
    const timer = setTimeout(
      () => this.fail(job, `Rendering took longer than ${this.limits.timeoutMs} ms`),
      this.limits.timeoutMs,
    );
    timer.unref();
    const onMessage = (message: { id?: number; result?: unknown }) => {
      if (message.id !== job.id) return;
      clearTimeout(timer);
      worker.off("message", onMessage);
      this.running = null;
      // An idle worker does not keep the process alive.
      if (this.queue.length === 0) worker.unref();
      job.resolve(parseAnswer(message.result));
      void this.pump();
    };
    worker.on("message", onMessage);
    worker.ref();
    worker.postMessage({ id: job.id, code: job.code });
  }
}

function parseAnswer(raw: unknown): TsxRenderResult {
  try {
    const answer = workerAnswer.safeParse(typeof raw === "string" ? JSON.parse(raw) : null);
    if (!answer.success) return { ok: false, error: "The template returned an unreadable result" };
    if (answer.data.status === "error") return { ok: false, error: answer.data.error };
    return { ok: true, ...answer.data.data };
  } catch {
    return { ok: false, error: "The template returned an unreadable result" };
  }
}

let runner: SandboxRunner | null = null;

/** Renders a TSX template inside a TSX theme in the sandbox. Never throws for a bad source. */
export async function renderTsxEmail(
  input: TsxRenderInput,
  limits: SandboxLimits = defaultSandboxLimits,
): Promise<TsxRenderResult> {
  const bundle = await bundleRenderJob(input);
  if (!bundle.ok) return bundle;
  runner ??= new SandboxRunner(limits);
  return runner.run(bundle.code);
}

/** For tests: a runner with other limits. */
export function createSandboxRenderer(limits: SandboxLimits) {
  const own = new SandboxRunner(limits);
  return async (input: TsxRenderInput): Promise<TsxRenderResult> => {
    const bundle = await bundleRenderJob(input);
    if (!bundle.ok) return bundle;
    return own.run(bundle.code);
  };
}

/**
 * Renders e-mail templates and themes written in TSX (React Email), as the reference stores them,
 * without trusting them: a template is a project admin's code.
 *
 * 1. esbuild compiles the template, the theme and our render entry into one script. The files are
 *    virtual (no `resolveDir`), so an import of anything but the sandbox's libraries (react,
 *    react/jsx-runtime, @react-email/components, arktype, @stackframe/emails) fails to build:
 *    no file, no package, no Node module is reachable. Build errors are esbuild's own messages
 *    (`virtual:/theme.tsx:4:12: ERROR: …`), as the reference answers them.
 * 2. A sandbox, a child process (sandbox-process.ts, sandbox-child.ts), runs the script in a
 *    fresh V8 context with its own globals (sandbox-prelude.ts) and the library bundle
 *    (sandbox-library.ts), and hands back the result as a string. Each job has a time limit and
 *    the process a memory limit; an overrun ends the process.
 * 3. The pool (render-pool.ts) gives sandboxes to projects in fair turns, each project with a
 *    bounded queue, so that one project's runaway template cannot hold another's e-mail.
 *
 * Decision record 022 explains the V8 context (not `vm` in-process, not an interpreter in
 * WebAssembly); 028 why it now lives in a pool of child processes rather than one worker thread.
 * @module
 */
import type { Plugin } from "esbuild";
import { defaultRenderPoolOptions, RenderPool, type RenderPoolOptions } from "./render-pool";
import { libraryModules } from "./sandbox-library";
import type { TsxRenderResult } from "./sandbox-process";

export interface ProjectLogos {
  logoUrl?: string;
  logoFullUrl?: string;
  logoDarkModeUrl?: string;
  logoFullDarkModeUrl?: string;
}

export interface TsxRenderInput {
  /** Whose turn the render takes (render-pool.ts): one project's renders never hold another's. */
  projectId: string;
  templateSource: string;
  themeSource: string;
  user: { displayName: string | null };
  project: { displayName: string };
  variables?: Record<string, unknown>;
  themeProps?: { unsubscribeLink?: string; projectLogos?: ProjectLogos };
  /** Previews: the template's PreviewVariables and the theme's PreviewProps apply. */
  previewMode?: boolean;
}

export type { TsxRendered, TsxRenderResult } from "./sandbox-process";

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

/** What a 429 for a full render queue asks to wait: about one render's time limit. */
export const rendererBusyRetrySeconds = Math.ceil(defaultRenderPoolOptions.timeoutMs / 1000);

/** Renders TSX e-mails for the API (AuthDeps.emailRenderer): one pool of sandboxes per API. */
export interface EmailRenderer {
  /**
   * Renders a TSX template inside a TSX theme in a sandbox, in the project's turn. Never throws
   * for a bad source; `busy` when the project's queue is full.
   */
  render(input: TsxRenderInput): Promise<TsxRenderResult>;
  /** How many of a project's renders run and wait now (a render counts once it is bundled). */
  load(projectId: string): { running: number; waiting: number };
  /** Ends the sandboxes; renders after this answer an error. */
  stop(): void;
}

export function createEmailRenderer(options: Partial<RenderPoolOptions> = {}): EmailRenderer {
  const pool = new RenderPool({ ...defaultRenderPoolOptions, ...options });
  return {
    async render(input) {
      const bundle = await bundleRenderJob(input);
      if (!bundle.ok) return bundle;
      return pool.run(input.projectId, bundle.code);
    },
    load: (projectId) => pool.load(projectId),
    stop: () => pool.stop(),
  };
}

/**
 * The TSX sandbox: React Email templates render as the reference renders them (same markup, down
 * to React's comment markers), build and runtime errors come back as messages, and a template
 * reaches neither the file system, the network nor the process, nor runs past its time or memory.
 */
import { afterAll, describe, expect, it } from "vitest";
import { defaultRenderPoolOptions, RenderPool, type RenderPoolOptions } from "./render-pool";
import { defaultSandboxLimits, type SandboxLimits, SandboxProcess } from "./sandbox-process";
import { bundleRenderJob, createEmailRenderer, type TsxRenderInput } from "./tsx-sandbox";

const renderer = createEmailRenderer();
afterAll(() => renderer.stop());
const renderTsxEmail = (input: TsxRenderInput) => renderer.render(input);

/** A renderer of its own with other limits, as a function. */
function createSandboxRenderer(options: Parameters<typeof createEmailRenderer>[0]) {
  const own = createEmailRenderer(options);
  return Object.assign((input: TsxRenderInput) => own.render(input), { stop: () => own.stop() });
}

const theme = `
import { Html, Tailwind, Body } from '@react-email/components';
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Tailwind>
        <Body>
          <div className="bg-white text-slate-800 p-4 rounded-lg max-w-[600px] mx-auto leading-relaxed">
            {children}
          </div>
        </Body>
      </Tailwind>
    </Html>
  );
}`;

const template = `
import { type } from "arktype";
import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ variables, user }) {
  return <>
    <Subject value={"Hello " + variables.name} />
    <NotificationCategory value="Marketing" />
    <p>Test email content for {user.displayName}</p>
  </>;
}
export const variablesSchema = type({ name: "string" });`;

const plainTheme =
  'import { Html, Body } from "@react-email/components"; export function EmailTheme({ children }) { return <Html><Body>{children}</Body></Html>; }';

const input: TsxRenderInput = {
  projectId: "project-a",
  templateSource: template,
  themeSource: theme,
  user: { displayName: "Ann" },
  project: { displayName: "Acme" },
  variables: { name: "Bob", notDeclared: true },
};

describe("renderTsxEmail", () => {
  it("renders a React Email template in its theme, with subject, category and text", async () => {
    expect(await renderTsxEmail(input)).toEqual({
      ok: true,
      html: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html dir="ltr" lang="en"><head></head><body><!--$--><table border="0" width="100%" cellPadding="0" cellSpacing="0" role="presentation" align="center"><tbody><tr><td><div style="background-color:rgb(255,255,255);color:rgb(29,41,61);padding:1rem;border-radius:0.5rem;max-width:600px;margin-right:auto;margin-left:auto;line-height:1.625"><p>Test email content for <!-- -->Ann</p></div></td></tr></tbody></table><!--3--><!--/$--></body></html>',
      text: "Test email content for Ann",
      subject: "Hello Bob",
      notificationCategory: "Marketing",
    });
  }, 60_000);

  it("answers variables that fail the template's schema, and errors the template throws", async () => {
    expect(await renderTsxEmail({ ...input, variables: { name: 3 } })).toEqual({
      ok: false,
      error: "name must be a string (was a number)",
    });
    expect(
      await renderTsxEmail({
        ...input,
        themeSource: 'export function EmailTheme() { throw new Error("Theme rendering error"); }',
      }),
    ).toEqual({ ok: false, error: "Theme rendering error" });
  }, 60_000);

  it("answers build errors with esbuild's messages, naming the virtual files", async () => {
    expect(
      await renderTsxEmail({
        ...input,
        themeSource:
          "export default function Theme({ children }) { return <div>{children}</div>; }",
      }),
    ).toEqual({
      ok: false,
      error:
        'Build failed with 1 error:\nvirtual:/render.tsx:9:9: ERROR: No matching export in "virtual:/theme.tsx" for import "EmailTheme"',
    });
    const broken = await renderTsxEmail({
      ...input,
      templateSource:
        "export function EmailTemplate() {\n  return <div>\n    <span>{x}}\n  </div>;\n}",
    });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(
      /^Build failed with \d errors?:\nvirtual:\/template\.tsx:3:/,
    );
  }, 60_000);

  it("reaches no module, file, process or host function", async () => {
    for (const name of ["fs", "node:child_process", "./secrets.json", "/etc/passwd", "undici"]) {
      const result = await renderTsxEmail({
        ...input,
        templateSource: `import x from ${JSON.stringify(name)}; export function EmailTemplate() { return <p>{String(x)}</p>; }`,
      });
      expect(result).toEqual({
        ok: false,
        error: expect.stringContaining(`ERROR: Could not resolve ${JSON.stringify(name)}`),
      });
    }
    // Each probe is "undefined" when nothing of the host is reachable.
    const probes = [
      "typeof process",
      "typeof globalThis.require",
      "typeof fetch",
      "typeof globalThis.Buffer",
      "globalThis.constructor.constructor('return typeof process')()",
      "(function () { return this; })().constructor.constructor('return typeof process')()",
      "Object.getPrototypeOf(globalThis).constructor.constructor('return typeof globalThis.require')()",
      "(async () => {}).constructor.constructor('return typeof process')().constructor.constructor('return typeof process')()",
    ];
    const result = await renderTsxEmail({
      ...input,
      themeSource: "export function EmailTheme({ children }) { return <>{children}</>; }",
      templateSource: `export function EmailTemplate() { return <p>{[${probes
        .map((probe) => `(() => { try { return ${probe}; } catch { return "threw"; } })()`)
        .join(", ")}].join(",")}</p>; }`,
    });
    expect(result.ok && result.text).toBe(probes.map(() => "undefined").join(","));
  }, 60_000);

  it("ends a template that runs too long or takes too much memory, then renders again", async () => {
    // The limit counts from the moment a sandbox takes the job, and a fresh sandbox first loads
    // the libraries into a new context: on a busy machine (CI runs two test files at once) that
    // alone took more than 1.5 s, so the render after the restart needs room.
    const render = createSandboxRenderer({ timeoutMs: 5_000, heapMb: 128, memoryMb: 384 });
    try {
      expect(
        await render({
          ...input,
          templateSource: "export function EmailTemplate() { for (;;) {} }",
        }),
      ).toEqual({ ok: false, error: "Rendering took longer than 5000 ms" });
      const hog = await render({
        ...input,
        templateSource:
          "const kept = []; export function EmailTemplate() { for (;;) kept.push(new Array(100000).fill(7)); }",
      });
      expect(hog.ok).toBe(false);
      // Typed arrays live outside the V8 heap: the process's own limit ends them. 8 x 64 MiB,
      // each filled, is 512 MiB of memory a worker thread's heap limit did not count.
      const buffers = await render({
        ...input,
        templateSource:
          "const kept = []; export function EmailTemplate() { for (let i = 0; i < 8; i++) kept.push(new Uint8Array(64 * 1024 * 1024).fill(1)); return <p>{kept.length}</p>; }",
      });
      expect(buffers).toMatchObject({ ok: false });
      const again = await render(input);
      expect(again.ok ? "rendered" : again.error).toBe("rendered");
    } finally {
      render.stop();
    }
  }, 120_000);

  it("keeps one project's runaway templates from holding another project's render", async () => {
    const render = createSandboxRenderer({ sandboxes: 2, waitingPerProject: 2, timeoutMs: 8_000 });
    try {
      // Both sandboxes started and warm, as on a server that has rendered before.
      await Promise.all([render(input), render({ ...input, projectId: "project-b" })]);
      const runaway = {
        ...input,
        templateSource: "export function EmailTemplate() { for (;;) {} }",
      };
      let runawayEnded = false;
      const attempts = [1, 2, 3, 4].map(() =>
        render(runaway).then((result) => {
          if (!(!result.ok && result.busy)) runawayEnded = true;
          return result;
        }),
      );
      // Project A renders one and may wait with two more; the fourth is refused at once, nothing
      // rendered (so all four are queued by the time it answers).
      expect(await Promise.race(attempts)).toEqual({
        ok: false,
        busy: true,
        error: "Too many of this project's e-mails are waiting to be rendered",
      });
      // A trivial render (no Tailwind to compile), as in the attack that found this.
      const started = performance.now();
      const other = await render({ ...input, projectId: "project-b", themeSource: plainTheme });
      const elapsed = performance.now() - started;
      expect(other.ok ? "rendered" : other.error).toBe("rendered");
      // With one sandbox in turns of arrival, project B waited for all three (24 s).
      expect(runawayEnded).toBe(false);
      expect(elapsed).toBeLessThan(1_000);
      render.stop();
      const ended = await Promise.all(attempts);
      expect(ended.filter((result) => !result.ok && result.busy)).toHaveLength(1);
    } finally {
      render.stop();
    }
  }, 60_000);
});

/** The bundled code of a render, for a pool or a process of the test's own. */
async function bundled(overrides: Partial<TsxRenderInput>): Promise<string> {
  const bundle = await bundleRenderJob({ ...input, themeSource: plainTheme, ...overrides });
  if (!bundle.ok) throw new Error(bundle.error);
  return bundle.code;
}

/** A pool of the test's own, to count the processes it starts. */
function createPool(options: Partial<RenderPoolOptions>): RenderPool {
  return new RenderPool({ ...defaultRenderPoolOptions, sandboxes: 2, ...options });
}

// Small limits, so that a template reaches them in a fraction of a second.
const smallLimits = { heapMb: 128, memoryMb: 384, timeoutMs: 10_000 };

/**
 * Fills the data limit with 16 MiB typed arrays, catches the RangeError that ends it and renders
 * how many it got: the process lives on near its limit, with the arrays still mapped. A harmless
 * job after it in the same process died of that, every time in 11 runs, and took the blame.
 */
const survivingHog =
  "const kept = []; export function EmailTemplate() { try { for (;;) kept.push(new Uint8Array(16 * 1024 * 1024).fill(1)); } catch { return <p>{kept.length}</p>; } }";

/** A theme that throws: the harmless job that was answered with a memory error once. */
const throwingTheme = 'export function EmailTheme() { throw new Error("Theme rendering error"); }';

describe("sandbox processes worn by earlier jobs", () => {
  it("retires a process that a template left near its data limit, and not after a plain render", async () => {
    if (process.platform !== "linux") return; // only Linux has the data limit and its report
    const limits: SandboxLimits = { ...defaultSandboxLimits, ...smallLimits };
    const [plain, hogged] = await Promise.all([
      SandboxProcess.start(limits),
      SandboxProcess.start(limits),
    ]);
    try {
      expect(await plain.run(await bundled({}))).toMatchObject({ ok: true });
      expect(plain.alive).toBe(true);
      expect(plain.memory?.data).toBeGreaterThan(0);
      const hog = await hogged.run(await bundled({ templateSource: survivingHog }));
      expect(hog.ok ? "rendered" : hog.error).toBe("rendered");
      expect(hogged.ending).toBe("retired");
    } finally {
      plain.stop();
      hogged.stop();
    }
  }, 60_000);

  it("renders a harmless job after a template that nearly filled the memory of the same sandbox", async () => {
    // Jobs one after another always go to the pool's first sandbox.
    const pool = createPool(smallLimits);
    try {
      const hog = await pool.run("project-a", await bundled({ templateSource: survivingHog }));
      expect(hog.ok ? "rendered" : hog.error).toBe("rendered");
      expect(await pool.run("project-a", await bundled({ themeSource: throwingTheme }))).toEqual({
        ok: false,
        error: "Theme rendering error",
      });
      expect(await pool.run("project-a", await bundled({}))).toMatchObject({ ok: true });
    } finally {
      pool.stop();
    }
  }, 60_000);

  it("runs a job whose process died once more in a fresh one, and answers the second death", async () => {
    const pool = createPool(smallLimits);
    try {
      // A heap that cannot grow ends the process, whichever process runs it.
      const heapHog = await bundled({
        templateSource:
          "const kept = []; export function EmailTemplate() { for (;;) kept.push(new Array(100000).fill(7)); }",
      });
      expect(await pool.run("project-a", heapHog)).toEqual({
        ok: false,
        error: "The template used more memory than the e-mail renderer allows",
      });
      expect(pool.started).toBe(2);
      expect(await pool.run("project-a", await bundled({}))).toMatchObject({ ok: true });
      expect(pool.started).toBe(3);
    } finally {
      pool.stop();
    }
  }, 60_000);

  it("does not run a job that overran its time again", async () => {
    const pool = createPool({ ...smallLimits, timeoutMs: 500 });
    try {
      const runaway = await bundled({
        templateSource: "export function EmailTemplate() { for (;;) {} }",
      });
      expect(await pool.run("project-a", runaway)).toEqual({
        ok: false,
        error: "Rendering took longer than 500 ms",
      });
      expect(pool.started).toBe(1);
    } finally {
      pool.stop();
    }
  }, 60_000);

  it("replaces a sandbox's process after jobsPerSandbox jobs", async () => {
    const pool = createPool({ ...smallLimits, jobsPerSandbox: 2 });
    try {
      const job = await bundled({});
      const started: number[] = [];
      for (let i = 0; i < 3; i++) {
        expect(await pool.run("project-a", job)).toMatchObject({ ok: true });
        started.push(pool.started);
      }
      expect(started).toEqual([1, 1, 2]);
    } finally {
      pool.stop();
    }
  }, 60_000);
});

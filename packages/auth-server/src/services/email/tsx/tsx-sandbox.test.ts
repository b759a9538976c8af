/**
 * The TSX sandbox: React Email templates render as the reference renders them (same markup, down
 * to React's comment markers), build and runtime errors come back as messages, and a template
 * reaches neither the file system, the network nor the process, nor runs past its time or memory.
 */
import { describe, expect, it } from "vitest";
import { createSandboxRenderer, renderTsxEmail, type TsxRenderInput } from "./tsx-sandbox";

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

const input: TsxRenderInput = {
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
    // The limit counts from the moment the worker takes the job, and a fresh worker first loads
    // the libraries into a new context: on a busy machine (CI runs two test files at once) that
    // alone took more than 1.5 s, so the render after the restart needs room.
    const render = createSandboxRenderer({ timeoutMs: 5_000, heapMb: 128 });
    expect(
      await render({ ...input, templateSource: "export function EmailTemplate() { for (;;) {} }" }),
    ).toEqual({ ok: false, error: "Rendering took longer than 5000 ms" });
    const hog = await render({
      ...input,
      templateSource:
        "const kept = []; export function EmailTemplate() { for (;;) kept.push(new Array(100000).fill(7)); }",
    });
    expect(hog.ok).toBe(false);
    const again = await render(input);
    expect(again.ok ? "rendered" : again.error).toBe("rendered");
  }, 120_000);
});

/**
 * A template's TSX rewritten into a draft's: the variables schema and PreviewVariables go, the
 * `variables` parameter becomes a constant with the preview values (renamed schemas and multi-line
 * previews included), a template without variables comes back unchanged, and the result renders.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createEmailRenderer } from "../email-sandbox/tsx-sandbox";
import { rewriteTemplateSource, rewriteTemplateSourceText } from "./template-source-rewrite";

const withVariables = `
import { type } from "arktype";
export const profileSchema = type({ link: "string", isActive: "boolean" });
export function EmailTemplate({ user, variables }: any) {
  return <div>{user.displayName} {variables.link}</div>;
}
EmailTemplate.PreviewVariables = {
  link: "https://example.com/a;b",
  isActive: true,
} satisfies typeof profileSchema.infer;
`;

describe("rewriteTemplateSourceText", () => {
  it("inlines the preview values as the variables constant and drops the schema", () => {
    const rewritten = rewriteTemplateSourceText(withVariables);
    expect(rewritten).not.toContain("PreviewVariables");
    expect(rewritten).not.toContain("profileSchema");
    expect(rewritten).not.toContain("satisfies");
    expect(rewritten).toContain("export function EmailTemplate({ user }: any) {");
    expect(rewritten.replace(/\s+/g, " ")).toContain(
      'const variables = { link: "https://example.com/a;b", isActive: true, };',
    );
  });

  it("uses an empty object when the template has a schema but no preview values", () => {
    const rewritten = rewriteTemplateSourceText(
      'import { type } from "arktype";\nexport const variablesSchema = type({ a: "string" });\nexport function EmailTemplate({ variables }) {\n  return <p>{variables.a}</p>;\n}\n',
    );
    expect(rewritten).not.toContain("variablesSchema");
    expect(rewritten).toContain("export function EmailTemplate({}) {\n  const variables = {};");
  });

  it("leaves a template without variables unchanged", () => {
    const source =
      "export function EmailTemplate({ user }) {\n  return <p>Hi {user.displayName}</p>;\n}\n";
    expect(rewriteTemplateSourceText(source)).toBe(source);
  });
});

describe("rewriteTemplateSource", () => {
  const renderer = createEmailRenderer();
  afterAll(() => renderer.stop());
  it("answers a source that renders", async () => {
    const rewritten = await rewriteTemplateSource(renderer, withVariables, {
      id: "project-a",
      displayName: "Co",
    });
    expect(rewritten).toContain("const variables =");
  }, 30_000);

  it("refuses with TEMPLATE_SOURCE_REWRITE_ERROR when the result does not render", async () => {
    await expect(
      rewriteTemplateSource(renderer, "export function Nothing() { return null; }", {
        id: "project-a",
        displayName: "Co",
      }),
    ).rejects.toMatchObject({ code: "TEMPLATE_SOURCE_REWRITE_ERROR" });
  }, 30_000);
});

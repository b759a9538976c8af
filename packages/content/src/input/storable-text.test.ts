import { describe, expect, it } from "vitest";
import { contactFormSchema } from "../contact-submissions/contact-submission-input";
import { siteMessages } from "../content-errors";
import { findUnstorableText, isStorableText, unstorableTextReason } from "./storable-text";

describe("storable text", () => {
  it.each([
    ["plain text", "Sarajevo, Mostar i Tuzla", true],
    ["an emoji (a surrogate pair)", "flag 🇧🇦 ok", true],
    ["a NUL", "a\u0000b", false],
    ["a lone high surrogate", "a\ud800", false],
    ["a lone low surrogate", "\udc00b", false],
    ["two high surrogates", "\ud83c\ud83c", false],
  ])("%s: storable %s", (_case, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  it("says why a text cannot be stored", () => {
    expect(unstorableTextReason("a\u0000")).toBe("must not contain NUL characters");
    expect(unstorableTextReason("\ud800")).toBe("must not contain unpaired surrogate characters");
  });

  it("names each field of a JSON body that cannot be stored, nested ones and keys included", () => {
    const body = JSON.parse(
      '{"name":"ok","title":"a\\u0000","content":{"values":[{"text":"\\ud800"}]},"b\\u0000ad":1}',
    );
    expect(findUnstorableText(body)).toEqual([
      { field: "body", message: "A field name must not contain NUL characters" },
      { field: "title", message: "The value must not contain NUL characters" },
      {
        field: "content.values.0.text",
        message: "The value must not contain unpaired surrogate characters",
      },
    ]);
    expect(findUnstorableText({ name: "fine", list: ["a", "b"] })).toEqual([]);
  });

  it("walks JSON nested far deeper than a recursive walk could", () => {
    const depth = 50_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    const [issue] = findUnstorableText(deep);
    expect(issue?.message).toBe("The value must not contain NUL characters");
  });

  it("keeps the contact form's texts free of them, with the site's message", () => {
    const result = contactFormSchema.safeParse({
      name: "Ana\u0000",
      email: "ana@example.org",
      subject: "Hello",
      message: "A long enough message \ud800",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", siteMessages.textNotStorable],
      ["message", siteMessages.textNotStorable],
    ]);
  });
});

/**
 * The preview parameter (issue 34, item 1; decision 036): which draft it names, the public page
 * each draft shows on, and that a visitor's request (no parameter) reads nothing at all.
 */
import { describe, expect, it } from "vitest";
import { parsePreviewParam, previewPath } from "./page-preview";
import { readPagePreview } from "./page-preview.server";

describe("the preview parameter", () => {
  it("names a draft by table and id, and nothing else", () => {
    expect(parsePreviewParam("faqs:abc")).toEqual({ table: "faqs", id: "abc" });
    expect(parsePreviewParam("site_content:hero")).toEqual({ table: "site_content", id: "hero" });
    for (const value of [null, "", "faqs", "faqs:", ":abc", "languages:de", "trash:x"]) {
      expect(parsePreviewParam(value)).toBeNull();
    }
  });

  it("opens the page each draft shows on, in the language asked", () => {
    expect(previewPath({ table: "projects", id: "p1" }, "de", "old-songs")).toBe(
      "/de/project/old-songs?preview=projects%3Ap1",
    );
    expect(previewPath({ table: "faqs", id: "f1" }, "en")).toBe("/?preview=faqs%3Af1#faq");
    expect(previewPath({ table: "site_content", id: "about" }, "bs")).toBe(
      "/bs/about?preview=site_content%3Aabout",
    );
    expect(previewPath({ table: "site_content", id: "footer" }, "de")).toBe(
      "/de?preview=site_content%3Afooter",
    );
  });

  it("is not read for a visitor's request: no session check, no query", async () => {
    // A context whose every property throws: a request without the parameter touches none.
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("a visitor's request read the load context");
        },
      },
    );
    await expect(
      readPagePreview(new Request("http://site.test/de/about"), untouchable as never),
    ).resolves.toBeNull();
  });
});

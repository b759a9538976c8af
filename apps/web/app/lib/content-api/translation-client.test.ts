import { describe, expect, it } from "vitest";
import { createContentClient } from "./content-client";

const entry = {
  table: "faqs",
  id: "f1",
  label: "Who?",
  language: "de",
  status: "up_to_date",
  source_changed_at: null,
  translated_at: "2026-11-30T10:00:00.000Z",
};

function fakeServer(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createContentClient({
    baseUrl: "https://site.test",
    getAccessToken: async () => "token-1",
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return answer();
    },
  });
  return { client, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("translation calls", () => {
  it("ask for what needs translating", async () => {
    const { client, calls } = fakeServer(() => json({ data: [entry], error: null }));
    await expect(client.translations.list({ statuses: ["outdated", "missing"] })).resolves.toEqual([
      entry,
    ]);
    expect(calls[0]?.url).toBe(
      "https://site.test/functions/translation-status?status=outdated%2Cmissing",
    );
    await client.translations.list({ table: "faqs", id: "f1" });
    expect(calls[1]?.url).toBe("https://site.test/functions/translation-status?table=faqs&id=f1");
  });

  it("mark a translation as checked with the version the editor sees", async () => {
    const { client, calls } = fakeServer(() => json({ data: entry, error: null }));
    await expect(
      client.translations.markChecked({ table: "faqs", id: "f1", language: "de" }, 3),
    ).resolves.toEqual(entry);
    expect(calls[0]?.url).toBe("https://site.test/functions/mark-translation-checked");
    expect(calls[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      table: "faqs",
      id: "f1",
      language: "de",
    });
    expect(new Headers(calls[0]?.init.headers).get("if-match")).toBe('"3"');
  });

  it("say why a check was refused", async () => {
    const { client } = fakeServer(() =>
      json(
        {
          data: null,
          error: { code: "TRANSLATION_MISSING", message: "This translation is missing" },
        },
        409,
      ),
    );
    await expect(
      client.translations.markChecked({ table: "faqs", id: "f1", language: "bs" }),
    ).rejects.toMatchObject({ code: "TRANSLATION_MISSING", status: 409 });
  });
});

import { describe, expect, it } from "vitest";
import { ContentClientError, createContentClient } from "./content-client";

type Call = { url: string; init: RequestInit };

function fakeServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const client = createContentClient({
    baseUrl: "https://site.test",
    getAccessToken: async () => "token-1",
    fetch: async (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return answer(call);
    },
  });
  return { client, calls };
}

const json = (body: unknown, status = 200, statusText = "OK") =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "content-type": "application/json" },
  });

const faq = {
  id: "f1",
  question: "Q",
  answer: "A",
  question_de: null,
  answer_de: null,
  question_bs: null,
  answer_bs: null,
};

describe("content client", () => {
  it("sends the access token and the list order, and returns the rows", async () => {
    const { client, calls } = fakeServer(() => json({ data: [faq], error: null }));
    await expect(client.listFaqs()).resolves.toEqual([faq]);
    expect(calls[0]?.url).toBe("https://site.test/functions/api-faqs?order=created_at.desc");
    expect(new Headers(calls[0]?.init.headers).get("authorization")).toBe("Bearer token-1");
  });

  it('words HTTP failures "HTTP {status}: {statusText} - {body}"', async () => {
    const { client } = fakeServer(() =>
      json(
        { data: null, error: { code: "PGRST116", message: "No rows returned" } },
        404,
        "Not Found",
      ),
    );
    const failure = client.updateFaq({ id: "gone", question: "Q", answer: "A" });
    await expect(failure).rejects.toThrow("HTTP 404: Not Found - No rows returned");
    await expect(failure).rejects.toMatchObject({ code: "PGRST116", status: 404 });
  });

  it("keeps a body that is not an API answer as it is", async () => {
    const { client } = fakeServer(
      () => new Response("upstream down", { status: 502, statusText: "Bad Gateway" }),
    );
    await expect(client.listProjects()).rejects.toThrow("HTTP 502: Bad Gateway - upstream down");
  });

  it("refuses an invalid input before sending it", async () => {
    const { client, calls } = fakeServer(() => json({ data: faq, error: null }));
    const refused = client.createFaq({ question: " ", answer: "" });
    // Readable sentences, no field keys (issue 19); each field's message for the form.
    await expect(refused).rejects.toThrow(/^Question is required\. Answer is required\.$/);
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { question: "Question is required", answer: "Answer is required" },
    });
    expect(calls).toHaveLength(0);
  });

  it("hands the form each field the server refused: a project address another has (409)", async () => {
    const message =
      'The address /project/stari-most is already used by the project "Mostar". Please choose another.';
    const { client } = fakeServer(() =>
      json(
        {
          data: null,
          error: { code: "SLUG_TAKEN", message, details: { fields: [{ field: "slug", message }] } },
        },
        409,
        "Conflict",
      ),
    );
    const refused = client.createProject({
      title: "Bridge",
      category: "culture",
      slug: "stari-most",
    });
    await expect(refused).rejects.toThrow(`HTTP 409: Conflict - ${message}`);
    await expect(refused).rejects.toMatchObject({
      code: "SLUG_TAKEN",
      status: 409,
      fieldErrors: { slug: message },
    });
  });

  it("refuses a project address against the rule before sending it", async () => {
    const { client, calls } = fakeServer(() => json({ data: null, error: null }));
    const refused = client.createProject({
      title: "Bridge",
      category: "culture",
      slug: "Stari Most",
    });
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { slug: expect.stringMatching(/^Address may contain only/) },
    });
    expect(calls).toEqual([]);
  });

  it("sends a site content save to the language's column", async () => {
    const { client, calls } = fakeServer(() =>
      json({ data: { id: "hero", content_type: "hero", content_de: { title: "T" } }, error: null }),
    );
    await client.saveSiteContent({ section: "hero", language: "de", content: { title: "T" } });
    expect(calls[0]?.init.method).toBe("PUT");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      id: "hero",
      content_type: "hero",
      content_de: { title: "T" },
    });
  });

  it("treats a missing global SEO row (PGRST116) as none stored", async () => {
    const { client } = fakeServer(() =>
      json({ data: null, error: { code: "PGRST116", message: "No rows returned" } }, 404),
    );
    await expect(client.getGlobalSeo()).resolves.toBeNull();
  });

  it("reports upload failures with the server's message", async () => {
    const { client } = fakeServer(() =>
      json(
        {
          data: null,
          error: { code: "IMAGE_INVALID", message: "Please select a valid image file" },
        },
        400,
      ),
    );
    const failure = client.uploadImage("data:image/png;base64,AAAA");
    await expect(failure).rejects.toBeInstanceOf(ContentClientError);
    await expect(failure).rejects.toThrow("Please select a valid image file");
  });

  it("returns the uploaded image's URL and variants", async () => {
    const { client } = fakeServer(() =>
      json(
        {
          url: "/media/x/original.png",
          data: { variants: [{ width: 400, url: "/media/x/w400.webp" }] },
          error: null,
        },
        201,
      ),
    );
    // A server that does not say where it stored the file is taken to use a bucket (the spec's
    // notice); one that says "disk" gets the notice for this server's own disk.
    await expect(client.uploadImage("data:image/png;base64,AAAA")).resolves.toEqual({
      url: "/media/x/original.png",
      variants: [{ width: 400, url: "/media/x/w400.webp" }],
      storedIn: "bucket",
    });
  });

  it("passes on where the server stored the upload", async () => {
    const { client } = fakeServer(() =>
      json({ url: "/media/y/original.png", data: null, stored_in: "disk", error: null }, 201),
    );
    await expect(client.uploadImage("data:image/png;base64,AAAA")).resolves.toMatchObject({
      storedIn: "disk",
    });
  });
});

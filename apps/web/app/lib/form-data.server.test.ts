import { describe, expect, it } from "vitest";
import { formDataMessages, readFormData } from "./form-data.server";

const post = (headers: Record<string, string>, body: string) =>
  new Request("http://127.0.0.1:3000/contact", { method: "POST", headers, body });

/** What `readFormData` threw, as React Router will answer it. */
async function refusal(request: Request) {
  const thrown = await readFormData(request).then(
    () => null,
    (error: unknown) => error,
  );
  // `data(...)` thrown from an action: React Router answers with its status and body.
  const { data: message, init } = thrown as { data?: unknown; init?: { status?: number } };
  return { status: init?.status, message };
}

describe("readFormData (issue 14)", () => {
  it("reads urlencoded and multipart forms, NUL characters included", async () => {
    const urlencoded = await readFormData(
      post({ "content-type": "application/x-www-form-urlencoded" }, "name=Ana&note=a%00b"),
    );
    expect(urlencoded.get("note")).toBe("a\u0000b");
    const form = new FormData();
    form.set("name", "Ana");
    const multipart = await readFormData(
      new Request("http://127.0.0.1:3000/contact", { method: "POST", body: form }),
    );
    expect(multipart.get("name")).toBe("Ana");
  });

  it.each([
    ["JSON", { "content-type": "application/json" }, '{"name":"Ana"}'],
    ["text", { "content-type": "text/plain" }, "name=Ana"],
    ["no content type", {}, "name=Ana"],
  ])("answers a body of %s with 415", async (_case, headers, body) => {
    const request = post(headers, body);
    // A string body gets text/plain from fetch unless it says otherwise.
    if (!("content-type" in headers)) request.headers.delete("content-type");
    expect(await refusal(request)).toEqual({ status: 415, message: formDataMessages.notAForm });
  });

  it.each([
    ["without a boundary", "multipart/form-data"],
    ["whose boundary is not in the body", "multipart/form-data; boundary=elsewhere"],
  ])("answers multipart %s with 400", async (_case, contentType) => {
    const body = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--\r\n';
    expect(await refusal(post({ "content-type": contentType }, body))).toEqual({
      status: 400,
      message: formDataMessages.unreadable,
    });
  });
});

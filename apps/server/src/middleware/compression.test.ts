/**
 * `compressText` on answers made finished (finished-answers.ts), as the auth API makes them: what
 * is compressed, how, and what is left as it is (decision 050). The app-level test
 * (`app.test.ts`) runs the same through the real auth API.
 */
import { gunzipSync } from "node:zlib";
import { markFinished } from "@heritage/auth-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressText } from "./compression";

/** An app whose routes answer finished JSON of `bytes` bytes, with `headers` on it. */
function appAnswering(bytes: number, headers: Record<string, string> = {}) {
  const status = 200;
  const app = new Hono();
  app.use(compressText());
  const body = JSON.stringify({ text: "é".repeat(Math.max(0, Math.floor((bytes - 12) / 2))) });
  app.on(["GET", "HEAD"], "/answer", (c) => {
    const finished = { "content-type": "application/json; charset=utf-8", ...headers };
    return markFinished(c, new Response(body, { status, headers: finished }), {
      status,
      headers: finished,
      body,
    });
  });
  return { app, body };
}

const asClients = { "accept-encoding": "gzip, deflate" };

describe("compressText on finished answers", () => {
  it("gzips an answer from 1 KiB, counting bytes, and sends a smaller one as it is", async () => {
    // 600 characters of "é" are 1,200 bytes: compressed although under 1,024 characters.
    const large = appAnswering(1_212);
    expect(large.body.length).toBeLessThan(1024);
    const gzipped = await large.app.request("/answer", { headers: asClients });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(large.body);

    const small = appAnswering(1_000);
    const plain = await small.app.request("/answer", { headers: asClients });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(small.body);
  });

  it("compresses an answer over 64 KiB in the thread pool, to the same bytes", async () => {
    const { app, body } = appAnswering(200_000);
    const gzipped = await app.request("/answer", { headers: asClients });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(body);
  });

  it("weakens a strong ETag and keeps a weak one", async () => {
    const strong = await appAnswering(4_000, { etag: '"v1"' }).app.request("/answer", {
      headers: asClients,
    });
    expect(strong.headers.get("etag")).toBe('W/"v1"');
    const weak = await appAnswering(4_000, { etag: 'W/"v1"' }).app.request("/answer", {
      headers: asClients,
    });
    expect(weak.headers.get("etag")).toBe('W/"v1"');
  });

  it("leaves HEAD, no-transform and an answer already encoded as they are", async () => {
    const cases = [
      { app: appAnswering(4_000).app, method: "HEAD" },
      { app: appAnswering(4_000, { "cache-control": "public, no-transform" }).app },
      { app: appAnswering(4_000, { "content-encoding": "identity" }).app },
    ];
    for (const [index, { app, method }] of cases.entries()) {
      const answer = await app.request("/answer", { method, headers: asClients });
      expect({ index, encoding: answer.headers.get("content-encoding") }).toEqual({
        index,
        encoding: index === 2 ? "identity" : null,
      });
    }
  });
});

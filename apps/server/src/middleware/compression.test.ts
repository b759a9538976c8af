/**
 * `compressText` on answers made finished (finished-answers.ts), as the auth API makes them: what
 * is compressed, how, and what is left as it is (decision 050). The app-level test
 * (`app.test.ts`) runs the same through the real auth API.
 */
import { gunzipSync, gzipSync } from "node:zlib";
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

/** An app whose route answers `body` through `c.body`, saying its length unless told not to. */
function appAnsweringText(body: string, headers: Record<string, string>, sayLength = true) {
  const app = new Hono();
  app.use(compressText());
  app.on(["GET", "HEAD"], "/text", (c) =>
    c.body(body, 200, {
      ...headers,
      ...(sayLength ? { "content-length": String(Buffer.byteLength(body)) } : {}),
    }),
  );
  return app;
}

describe("compressText on other answers", () => {
  const json = { "content-type": "application/json" };
  const body = JSON.stringify({ rows: Array.from({ length: 300 }, (_, id) => ({ id, x: "é" })) });

  it("gzips one that says its length whole, with its new length and the Vary it needs", async () => {
    const answer = await appAnsweringText(body, { ...json, etag: '"7"', vary: "Cookie" }).request(
      "/text",
      { headers: asClients },
    );
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(answer.headers.get("content-length")).toBe(String(bytes.length));
    expect(gunzipSync(bytes).toString()).toBe(body);
    expect(answer.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(answer.headers.get("etag")).toBe('W/"7"');
  });

  it("gives a file browsers keep zlib's default level, an answer made per request level 1", async () => {
    const kept = await appAnsweringText(body, {
      ...json,
      "cache-control": "public, max-age=31536000, immutable",
    }).request("/text", { headers: asClients });
    const perRequest = await appAnsweringText(body, {
      ...json,
      "cache-control": "no-store",
    }).request("/text", { headers: asClients });
    const plain = Buffer.from(body);
    expect(Buffer.from(await kept.arrayBuffer())).toEqual(gzipSync(plain, { level: 6 }));
    expect(Buffer.from(await perRequest.arrayBuffer())).toEqual(gzipSync(plain, { level: 1 }));
  });

  it("still compresses one of unknown length, and leaves HEAD and a deflate-only client's to Hono", async () => {
    const streamed = await appAnsweringText(body, json, false).request("/text", {
      headers: asClients,
    });
    expect(streamed.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await streamed.arrayBuffer())).toString()).toBe(body);

    const head = await appAnsweringText(body, json).request("/text", {
      method: "HEAD",
      headers: asClients,
    });
    expect(head.headers.get("content-encoding")).toBeNull();
    const deflateOnly = await appAnsweringText(body, json).request("/text", {
      headers: { "accept-encoding": "deflate" },
    });
    expect(deflateOnly.headers.get("content-encoding")).toBe("deflate");
  });
});

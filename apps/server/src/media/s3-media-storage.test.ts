import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createS3MediaStorage, signAwsRequest } from "./s3-media-storage";

describe("signAwsRequest", () => {
  it("reproduces the signature of AWS's documented GET Object example", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
    const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const headers = signAwsRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { range: "bytes=0-9", "x-amz-content-sha256": emptyHash },
        payloadHash: emptyHash,
      },
      {
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "s3",
      },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });
});

/** A minimal S3 stand-in that checks the payload hash and keeps objects in memory. */
function createFakeS3() {
  const objects = new Map<string, { body: Uint8Array; contentType: string }>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  const app = new Hono();
  app.all("*", async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    requests.push({
      method: c.req.method,
      path: c.req.path,
      authorization: c.req.header("authorization") ?? "",
    });
    const hash = createHash("sha256").update(body).digest("hex");
    if (c.req.header("x-amz-content-sha256") !== hash) return c.text("BadDigest", 400);
    if (c.req.method === "PUT") {
      objects.set(c.req.path, { body, contentType: c.req.header("content-type") ?? "" });
      return c.body(null, 200);
    }
    if (c.req.method === "DELETE") {
      objects.delete(c.req.path);
      return c.body(null, 204);
    }
    const object = objects.get(c.req.path);
    if (!object) return c.text("NoSuchKey", 404);
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200);
  });
  const fetchFake = ((input: URL | RequestInfo, init?: RequestInit) =>
    app.request(input instanceof URL ? input.toString() : input, init)) as typeof fetch;
  return { objects, requests, fetch: fetchFake };
}

describe("createS3MediaStorage", () => {
  const key = "0b7d8f5e-2f7a-4c55-9d1e-6f0b3c2a1d00/w400.webp";
  const options = {
    endpoint: "http://minio.local:9000",
    region: "eu-central-1",
    bucket: "media",
    accessKeyId: "minio",
    secretAccessKey: "minio-secret",
  };

  it("puts, gets and deletes objects with signed requests (path style)", async () => {
    const s3 = createFakeS3();
    const storage = createS3MediaStorage({ ...options, forcePathStyle: true, fetch: s3.fetch });
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(s3.objects.get(`/media/${key}`)).toEqual({
      body: new Uint8Array([1, 2, 3]),
      contentType: "image/webp",
    });
    expect(await storage.get(key)).toEqual({
      body: new Uint8Array([1, 2, 3]),
      contentType: "image/webp",
    });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    for (const request of s3.requests) {
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=minio\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
    }
    expect(storage.urlFor(key)).toBe(`/media/${key}`);
  });

  it("uses virtual-host URLs and a public base URL when configured", async () => {
    const urls: string[] = [];
    const storage = createS3MediaStorage({
      ...options,
      forcePathStyle: false,
      publicUrl: "https://cdn.example.org/",
      fetch: (async (input: URL | RequestInfo) => {
        urls.push(String(input));
        return new Response(null, { status: 200 });
      }) as typeof fetch,
    });
    await storage.put(key, new Uint8Array([1]), "image/webp");
    expect(urls).toEqual([`http://media.minio.local:9000/${key}`]);
    expect(storage.urlFor(key)).toBe(`https://cdn.example.org/${key}`);
  });

  it("reports a refused write with the status and the bucket's answer", async () => {
    const storage = createS3MediaStorage({
      ...options,
      forcePathStyle: true,
      fetch: (async () => new Response("AccessDenied", { status: 403 })) as typeof fetch,
    });
    await expect(storage.put(key, new Uint8Array([1]), "image/webp")).rejects.toThrow(
      /HTTP 403 AccessDenied/,
    );
    await expect(storage.put("../etc/passwd", new Uint8Array([1]), "x")).rejects.toThrow(
      "Invalid media key",
    );
  });
});

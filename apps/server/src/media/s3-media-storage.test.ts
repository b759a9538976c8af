import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";
import { AwsClient } from "aws4fetch";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3MediaStorage } from "./s3-media-storage";

const key = "0b7d8f5e-2f7a-4c55-9d1e-6f0b3c2a1d00/w400.webp";

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
  const send = async (request: Request) => app.request(request);
  return { objects, requests, fetch: send };
}

describe("createS3MediaStorage (in-process fake)", () => {
  const options = {
    endpoint: "http://minio.local:9000",
    region: "eu-central-1",
    bucket: "media",
    accessKeyId: "minio",
    secretAccessKey: "minio-secret",
  };

  it("puts, gets and deletes objects with signed requests and signed payload hashes", async () => {
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
        /^AWS4-HMAC-SHA256 Credential=minio\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-content-sha256[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
      );
    }
    expect(storage.urlFor(key)).toBe(`/media/${key}`);
    // A bucket is a cloud service: the upload notice may say so (issue 33, item 14).
    expect(storage.kind).toBe("bucket");
  });

  it("uses virtual-host URLs and a public base URL when configured", async () => {
    const urls: string[] = [];
    const storage = createS3MediaStorage({
      ...options,
      forcePathStyle: false,
      publicUrl: "https://cdn.example.org/",
      keyPrefix: "site-a/",
      fetch: async (request) => {
        urls.push(request.url);
        return new Response(null, { status: 200 });
      },
    });
    await storage.put(key, new Uint8Array([1]), "image/webp");
    expect(urls).toEqual([`http://media.minio.local:9000/site-a/${key}`]);
    expect(storage.urlFor(key)).toBe(`https://cdn.example.org/site-a/${key}`);
  });

  it("reports a refused write with the status and the bucket's answer", async () => {
    const storage = createS3MediaStorage({
      ...options,
      forcePathStyle: true,
      fetch: async () => new Response("AccessDenied", { status: 403 }),
    });
    await expect(storage.put(key, new Uint8Array([1]), "image/webp")).rejects.toThrow(
      /HTTP 403 AccessDenied/,
    );
    await expect(storage.put("../etc/passwd", new Uint8Array([1]), "x")).rejects.toThrow(
      "Invalid media key",
    );
  });
});

/**
 * Against s3rver (the maintained `@20minutes/s3rver` fork, which checks Signature Version 4 as S3
 * does; the original `s3rver` 3.x accepts any V4 signature of a known access key).
 */
describe("createS3MediaStorage against s3rver", () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;
  // s3rver's one built-in key pair.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const options = () => ({
    endpoint,
    region: "us-east-1",
    bucket: "media",
    ...credentials,
    forcePathStyle: true,
    keyPrefix: "site-a/",
  });
  const image = new Uint8Array(createHash("sha256").update("an image").digest());

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "s3rver-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: "media" }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("uploads, reads back, serves the public URL and deletes", async () => {
    const storage = createS3MediaStorage({ ...options(), publicUrl: `${endpoint}/media/` });
    await storage.put(key, image, "image/webp");
    expect(await storage.get(key)).toEqual({ body: image, contentType: "image/webp" });

    // The object sits under the key prefix, with the content type it was sent with.
    const direct = await new AwsClient({ ...credentials, service: "s3", retries: 0 }).fetch(
      `${endpoint}/media/site-a/${key}`,
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/webp");
    await direct.body?.cancel();

    // The public URL points at the same object (s3rver reads anonymously, like a public bucket).
    const publicUrl = storage.urlFor(key);
    expect(publicUrl).toBe(`${endpoint}/media/site-a/${key}`);
    const anonymous = await fetch(publicUrl);
    expect(new Uint8Array(await anonymous.arrayBuffer())).toEqual(image);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await fetch(publicUrl)).status).toBe(404);
    // Deleting what is gone is not an error.
    await storage.delete(key);
  });

  it("is refused with a wrong secret key or an unknown access key, and writes nothing", async () => {
    const wrongSecret = createS3MediaStorage({ ...options(), secretAccessKey: "not-the-secret" });
    await expect(wrongSecret.put(key, image, "image/webp")).rejects.toThrow(
      /S3 PUT .* failed: HTTP 403 .*SignatureDoesNotMatch/s,
    );
    await expect(wrongSecret.get(key)).rejects.toThrow(/HTTP 403 .*SignatureDoesNotMatch/s);
    const unknownKey = createS3MediaStorage({ ...options(), accessKeyId: "NOBODY" });
    await expect(unknownKey.put(key, image, "image/webp")).rejects.toThrow(
      /HTTP 403 .*InvalidAccessKeyId/s,
    );
    expect(await createS3MediaStorage(options()).get(key)).toBeNull();
  });
  // Virtual-host addressing is checked by URL shape only (above): s3rver signs V4 virtual-host
  // requests against `/{bucket}/{key}` (its V2 resource), where S3 signs the path as sent.
});

describe("createS3MediaStorage deadline", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let endpoint: string;

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("gives up on a bucket that does not answer", async () => {
    const storage = createS3MediaStorage({
      endpoint,
      region: "us-east-1",
      bucket: "media",
      accessKeyId: "a",
      secretAccessKey: "b",
      forcePathStyle: true,
      timeoutMs: 150,
    });
    await expect(storage.get(key)).rejects.toThrow(/S3 GET .* timed out after 150 ms/);
    await expect(storage.put(key, image(), "image/webp")).rejects.toThrow(/timed out/);
  });
});

function image() {
  return new Uint8Array([1, 2, 3]);
}

/**
 * @module
 * Media storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...). Requests are signed
 * with AWS Signature Version 4 by `aws4fetch` (a small, maintained, fetch-based signer) and sent
 * with `fetch`. Files are served either through `/media/*` (the server reads them back) or straight
 * from `publicUrl` when the bucket is public. The endpoint comes from the operator's configuration
 * only; every call has a deadline.
 */
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertMediaKey, contentTypeOfKey, isMediaKey, type MediaStorage } from "./media-storage";

export interface S3MediaStorageOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` (MinIO, most self-hosted) instead of `{bucket}.{host}/{key}`. */
  forcePathStyle: boolean;
  /** Base URL pages use for files when the bucket is publicly readable. */
  publicUrl?: string | undefined;
  /** Prefix of every object key in the bucket. */
  keyPrefix?: string;
  /** Bound on one call, including reading the answer (default 30 s). */
  timeoutMs?: number;
  /** Sends the signed request (tests pass a fake); default global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** An image upload or read should not hold a request (and a server slot) for minutes. */
const S3_TIMEOUT_MS = 30_000;

export function createS3MediaStorage(options: S3MediaStorageOptions): MediaStorage {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const endpoint = new URL(options.endpoint);
  const prefix = options.keyPrefix ?? "";
  const timeoutMs = options.timeoutMs ?? S3_TIMEOUT_MS;
  const signer = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: "s3",
    region: options.region,
    // One try: the caller's request is waiting, and the deadline below covers the whole call.
    retries: 0,
  });

  function objectUrl(key: string): URL {
    assertMediaKey(key);
    const objectKey = `${prefix}${key}`;
    if (options.forcePathStyle) {
      const base = endpoint.pathname.replace(/\/+$/, "");
      return new URL(
        `${endpoint.protocol}//${endpoint.host}${base}/${options.bucket}/${objectKey}`,
      );
    }
    return new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}/${objectKey}`);
  }

  /** Signs and sends one request; `read` consumes the answer inside the same deadline. */
  async function call<T>(
    method: "GET" | "PUT" | "DELETE",
    key: string,
    read: (response: Response) => Promise<T>,
    body?: Uint8Array,
    contentType?: string,
  ): Promise<T> {
    const url = objectUrl(key);
    const signal = AbortSignal.timeout(timeoutMs);
    const request = await signer.sign(url, {
      method,
      headers: {
        // The payload hash is signed too, so S3 refuses a body changed on the way.
        "x-amz-content-sha256": createHash("sha256")
          .update(body ?? "")
          .digest("hex"),
        ...(contentType ? { "content-type": contentType } : {}),
      },
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      signal,
    });
    try {
      return await read(await send(request));
    } catch (error) {
      if (signal.aborted) {
        throw new Error(`S3 ${method} ${key} timed out after ${timeoutMs} ms`, { cause: error });
      }
      throw error;
    }
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => "");
    return new Error(`S3 ${what} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  }

  return {
    async put(key, body, contentType) {
      await call(
        "PUT",
        key,
        async (response) => {
          if (!response.ok) throw await failure(response, `PUT ${key}`);
          await response.body?.cancel();
        },
        body,
        contentType,
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      return call("GET", key, async (response) => {
        if (response.status === 404) {
          await response.body?.cancel();
          return null;
        }
        if (!response.ok) throw await failure(response, `GET ${key}`);
        return {
          body: new Uint8Array(await response.arrayBuffer()),
          contentType: contentTypeOfKey(key),
        };
      });
    },
    async delete(key) {
      await call("DELETE", key, async (response) => {
        if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`);
        await response.body?.cancel();
      });
    },
    urlFor: (key) =>
      options.publicUrl
        ? `${options.publicUrl.replace(/\/+$/, "")}/${prefix}${key}`
        : `/media/${key}`,
    kind: "bucket",
  };
}

/**
 * @module
 * Media storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), with plain
 * `fetch` and AWS Signature Version 4 — no SDK. Files are served either through `/media/*`
 * (the server reads them back) or straight from `publicUrl` when the bucket is public.
 */
import { createHash, createHmac } from "node:crypto";
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
  fetch?: typeof fetch;
  clock?: () => Date;
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (S3: each path segment once, `/` kept). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** Headers to sign besides `host` (lower-case names). Include x-amz-content-sha256 for S3. */
  headers: Record<string, string>;
  payloadHash: string;
}

/**
 * Signs a request with AWS Signature Version 4 and returns the headers to send, with
 * `authorization` and `x-amz-date` added.
 */
export function signAwsRequest(
  request: SignableRequest,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string; service: string },
  date: Date,
): Record<string, string> {
  const amzDate = date.toISOString().replace(/[:-]|\.\d{3}/g, "");
  const dateStamp = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()]),
    ),
    host: request.url.host,
    "x-amz-date": amzDate,
  };
  const signedHeaderNames = Object.keys(headers).sort();
  const canonicalHeaders = signedHeaderNames.map((name) => `${name}:${headers[name]}\n`).join("");
  const canonicalQuery = [...request.url.searchParams]
    .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
    .sort()
    .join("&");
  const canonicalPath = request.url.pathname
    .split("/")
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join("/");
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderNames.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${dateStamp}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(
      hmac(hmac(`AWS4${credentials.secretAccessKey}`, dateStamp), credentials.region),
      credentials.service,
    ),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  const { host: _host, ...toSend } = headers;
  return {
    ...toSend,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaderNames.join(";")}, Signature=${signature}`,
  };
}

export function createS3MediaStorage(options: S3MediaStorageOptions): MediaStorage {
  const send = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const endpoint = new URL(options.endpoint);
  const prefix = options.keyPrefix ?? "";

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

  async function call(method: string, key: string, body?: Uint8Array, contentType?: string) {
    const url = objectUrl(key);
    const payloadHash = sha256Hex(body ?? "");
    const headers = signAwsRequest(
      {
        method,
        url,
        headers: {
          "x-amz-content-sha256": payloadHash,
          ...(contentType ? { "content-type": contentType } : {}),
        },
        payloadHash,
      },
      { ...options, service: "s3" },
      clock(),
    );
    return send(url, {
      method,
      headers,
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    });
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => "");
    return new Error(`S3 ${what} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  }

  return {
    async put(key, body, contentType) {
      const response = await call("PUT", key, body, contentType);
      if (!response.ok) throw await failure(response, `PUT ${key}`);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const response = await call("GET", key);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, `GET ${key}`);
      return {
        body: new Uint8Array(await response.arrayBuffer()),
        contentType: contentTypeOfKey(key),
      };
    },
    async delete(key) {
      const response = await call("DELETE", key);
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`);
    },
    urlFor: (key) =>
      options.publicUrl
        ? `${options.publicUrl.replace(/\/+$/, "")}/${prefix}${key}`
        : `/media/${key}`,
  };
}

/**
 * @module
 * The server's cache of rendered public pages (decisions 007 and 011). Rendering a page (its
 * loaders' queries and React) takes 20-30 ms of CPU; a stored page goes out as ready bytes, with
 * no database read, no rewriting and no compression per request.
 *
 * It behaves like a shared HTTP cache in front of the web app (Varnish's defaults, in effect):
 * - it stores only what a shared cache may keep: a 200 HTML answer with `Cache-Control: public`,
 *   an ETag, no `Set-Cookie`, no `Vary` on a request header other than `Accept-Encoding` and no
 *   policy of its own, to a GET without query string, cookies or `Authorization`;
 * - it serves stored pages only to such requests (GET or HEAD), and answers their
 *   `If-None-Match` itself (304) when the stored page's ETag matches;
 * - each page is compressed once when stored (Brotli and gzip, beside the plain bytes), and each
 *   answer picks the bytes its `Accept-Encoding` asks for (`Vary: Accept-Encoding`);
 * - visitors who ask for a page while it is being rendered wait for that render and share it;
 * - every write to public content is announced (PostgreSQL NOTIFY on `content_changed`, sent by
 *   the database's triggers whoever writes, to every process), and each announcement empties
 *   the cache, so a change is visible on the next request; the cache serves and stores nothing
 *   until it listens. An entry also expires after `maxAgeMs`, because a page can depend on the
 *   clock (the footer's year);
 * - a stored page's scripts are approved by their hashes, not by the nonce of the request that
 *   rendered them: the stored `Content-Security-Policy` lists the hashes of the scripts the app
 *   marked with that nonce (`inline-script-hashes.ts`), and the nonce itself is blanked.
 */
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { chooseEncoding, type StoredEncoding } from "./content-encoding";
import { hashNoncedScripts } from "./inline-script-hashes";

export interface PageCacheOptions {
  /**
   * Calls `onChange` after every content write, in this process or another sharing the database;
   * resolves once listening, to the way to stop. Until then nothing is served from the cache, nor
   * between `onInterrupted` and `onResumed` (the listening connection lost: changes may be missed).
   */
  watchContentChanges: (
    onChange: () => void,
    interruptions: { onInterrupted(): void; onResumed(): void },
  ) => Promise<() => Promise<void>>;
  /** The `Content-Security-Policy` of a stored page whose own scripts have these hashes. */
  policyForScriptHashes: (hashes: string[]) => string;
  /** Memory for stored pages, counted over all their encodings; the oldest used go first. */
  maxBytes: number;
  /** How long a stored page may be served; default 5 minutes. */
  maxAgeMs?: number;
  now?: () => number;
  /** Told when listening for changes fails (the cache then stays off). */
  onWatchError?: (error: unknown) => void;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface PageCache {
  /**
   * Answers `request` from the cache, or calls `render` and stores its answer when a shared
   * cache may keep it. `nonce` is this request's CSP nonce, the one `render` puts in the page.
   */
  serve(request: Request, nonce: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * The stored answer to a request, without any render: for the Node listener's fast path, which
   * skips the Fetch `Request` and the framework (`stored-page-listener.ts`). Undefined when
   * `serve()` must decide: nothing stored or fresh for the path, or a request the cache may not
   * answer. `path` is the request's path as the URL parser gives it, with no query string.
   */
  find(request: StoredPageRequest): StoredAnswer | undefined;
  /**
   * Empties the cache at once: a write made through this process, whose announcement from the
   * database is still on its way. The announcement empties it again, harmlessly.
   */
  contentChanged(): void;
  stats(): PageCacheStats;
  /** Resolves once listening for changes has started (or failed), and every page being stored is. */
  idle(): Promise<void>;
  /** Stops listening for changes (before the database closes). */
  close(): Promise<void>;
}

/** What the cache reads of a request to answer it from memory (header values as sent, or null). */
export interface StoredPageRequest {
  method: string;
  path: string;
  cookie: string | null;
  authorization: string | null;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

/** A stored page's answer: 200 with the chosen encoding's bytes (null for HEAD), or a 304. */
export interface StoredAnswer {
  status: 200 | 304;
  /** Ready to send, never to be changed: the same array serves every such answer. */
  headers: readonly (readonly [string, string])[];
  body: Uint8Array | null;
}

/** One encoding of a stored page: its bytes and the headers that go with them. */
interface StoredBody {
  body: Uint8Array;
  /** The answer's headers, ready to send; an entry's array is never changed once stored. */
  headers: [string, string][];
  /** Its ETag: the app's strong tag for the plain bytes, weak (W/) for a compressed form. */
  etag: string;
}

interface Entry {
  bodies: Record<StoredEncoding, StoredBody>;
  /** Headers of a 304 for each encoding. */
  notModified: Record<StoredEncoding, readonly (readonly [string, string])[]>;
  bytes: number;
  storedAt: number;
  /**
   * When it was last stored or found, as a count of such events: eviction drops the smallest. A
   * hit only writes this number; moving the entry to the end of the map on every hit (delete and
   * set) cost a stored page about 1.5 % of its CPU (decision 046). Eviction, which follows a
   * render, looks over all entries instead.
   */
  usedAt: number;
}

const DEFAULT_MAX_AGE_MS = 5 * 60_000;
/** A page larger than this is never stored (the home page is about 60 KiB). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Says whether an answer came from the cache, for operators and tests. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";
/** Headers of the rendered answer that a stored page does not repeat (set per answer instead). */
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "vary",
  "content-security-policy",
  PAGE_CACHE_HEADER.toLowerCase(),
]);
/**
 * Headers a 304 repeats (RFC 9110, 15.4.5), besides ETag and Vary; and the page's own opener
 * policy, since a browser updates the page it keeps with a 304's headers: the app's would replace
 * it (decision 026).
 */
const NOT_MODIFIED_HEADERS = new Set([
  "cache-control",
  "content-location",
  "expires",
  "cross-origin-opener-policy",
]);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A request whose answer may come from, or go into, the cache. */
function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return false;
  return new URL(request.url).search === "";
}

/** An answer a shared cache may store. */
function isStorableResponse(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (!response.headers.get("etag") || response.headers.has("set-cookie")) return false;
  // A page with a policy of its own keeps it: the stored policy would replace it.
  if (response.headers.has("content-security-policy")) return false;
  // The cache keys by path and keeps every encoding: an answer that varies with another request
  // header cannot be shared.
  const varies = response.headers
    .get("vary")
    ?.split(",")
    .some((name) => name.trim().toLowerCase() !== "accept-encoding");
  if (varies) return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  const directives = cacheControl.split(",").map((directive) => directive.trim());
  return (
    directives.includes("public") &&
    !directives.includes("no-store") &&
    !directives.includes("private")
  );
}

/** Weak comparison (RFC 9110, 13.1.2): `W/"x"` and `"x"` match; `*` matches any stored page. */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/** Reads a stream to the end, or gives up (null) once it passes `limit` bytes. */
async function readBytes(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Turns a rendered page into an entry: its scripts' hashes into the policy, the render's nonce
 * blanked (it approves nothing any more), and the bytes compressed once for every answer to come.
 */
async function buildEntry(
  rendered: Buffer,
  nonce: string,
  responseHeaders: Headers,
  policyForScriptHashes: (hashes: string[]) => string,
  storedAt: number,
): Promise<Entry> {
  const html = rendered.toString("utf8");
  const policy = policyForScriptHashes(hashNoncedScripts(html, nonce));
  const plain = Buffer.from(nonce ? html.split(nonce).join("") : html, "utf8");
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(plain, { level: 9 }),
    brotliAsync(plain, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
      },
    }),
  ]);
  const kept = [...responseHeaders].filter(([name]) => !PER_ANSWER_HEADERS.has(name));
  const strongTag = responseHeaders.get("etag") ?? "";
  const weakTag = strongTag.startsWith("W/") ? strongTag : `W/${strongTag}`;
  const variant = (encoding: StoredEncoding, body: Uint8Array): StoredBody => {
    const etag = encoding === "identity" ? strongTag : weakTag;
    const headers: [string, string][] = [
      ...kept,
      ["etag", etag],
      ["vary", "Accept-Encoding"],
      ["content-security-policy", policy],
      ["content-length", String(body.byteLength)],
      [PAGE_CACHE_HEADER, "hit"],
    ];
    if (encoding !== "identity") headers.push(["content-encoding", encoding]);
    return { body, headers, etag };
  };
  const bodies = {
    identity: variant("identity", plain),
    gzip: variant("gzip", gzipped),
    br: variant("br", brotli),
  };
  const notModifiedHeaders = (stored: StoredBody): [string, string][] => [
    ...kept.filter(([name]) => NOT_MODIFIED_HEADERS.has(name)),
    ["etag", stored.etag],
    ["vary", "Accept-Encoding"],
    [PAGE_CACHE_HEADER, "hit"],
  ];
  return {
    bodies,
    notModified: {
      identity: notModifiedHeaders(bodies.identity),
      gzip: notModifiedHeaders(bodies.gzip),
      br: notModifiedHeaders(bodies.br),
    },
    bytes: plain.byteLength + gzipped.byteLength + brotli.byteLength,
    storedAt,
    usedAt: 0,
  };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const enabled = options.maxBytes > 0;
  /** Path -> entry, least recently used first (a Map keeps insertion order). */
  const entries = new Map<string, Entry>();
  /** Renders under way, by generation and path: what they store, or null. */
  const inFlight = new Map<string, Promise<Entry | null>>();
  /** Pages being read and compressed for storing. */
  const storing = new Set<Promise<unknown>>();
  /** Counts content changes heard; a render stores its page only if none came meanwhile. */
  let generation = 0;
  let listening = false;
  let closed = false;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  /** Pages stored or found so far: an entry's `usedAt` is this count when it last was. */
  let uses = 0;

  const clear = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };
  const watching: Promise<(() => Promise<void>) | null> = enabled
    ? options
        .watchContentChanges(clear, {
          onInterrupted() {
            listening = false;
            clear();
          },
          // Whatever changed meanwhile was never heard: start afresh.
          onResumed() {
            clear();
            listening = !closed;
          },
        })
        .then(
          (stop) => {
            // Anything rendered before now was never stored: nothing can be stale.
            clear();
            listening = !closed;
            return stop;
          },
          (error: unknown) => {
            options.onWatchError?.(error);
            return null;
          },
        )
    : Promise.resolve(null);

  const remove = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return;
    entries.delete(path);
    bytes -= entry.bytes;
  };

  const store = (path: string, entry: Entry) => {
    remove(path);
    entry.usedAt = ++uses;
    entries.set(path, entry);
    bytes += entry.bytes;
    while (bytes > options.maxBytes) {
      let leastRecent: string | undefined;
      let leastUsedAt = Number.POSITIVE_INFINITY;
      for (const [candidatePath, candidate] of entries) {
        if (candidate.usedAt < leastUsedAt) {
          leastRecent = candidatePath;
          leastUsedAt = candidate.usedAt;
        }
      }
      if (leastRecent === undefined) break;
      remove(leastRecent);
    }
  };

  const storedAnswer = (
    entry: Entry,
    method: string,
    acceptEncoding: string | null,
    ifNoneMatch: string | null,
  ): StoredAnswer => {
    hits++;
    const encoding = chooseEncoding(acceptEncoding);
    const stored = entry.bodies[encoding];
    if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, stored.etag)) {
      return { status: 304, headers: entry.notModified[encoding], body: null };
    }
    return { status: 200, headers: stored.headers, body: method === "HEAD" ? null : stored.body };
  };

  const answer = (request: Request, entry: Entry) => {
    const { status, headers, body } = storedAnswer(
      entry,
      request.method,
      request.headers.get("accept-encoding"),
      request.headers.get("if-none-match"),
    );
    // Node's Buffers are Uint8Arrays over an ArrayBuffer; TypeScript cannot tell from their type.
    return new Response(body as Uint8Array<ArrayBuffer> | null, {
      status,
      headers: headers as [string, string][],
    });
  };

  /** The fresh entry stored for `path`, now the most recently used; or undefined. */
  const fresh = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return undefined;
    if (now() - entry.storedAt >= maxAgeMs) {
      remove(path);
      return undefined;
    }
    entry.usedAt = ++uses;
    return entry;
  };

  return {
    find(request) {
      if (!enabled || !listening) return undefined;
      if (request.method !== "GET" && request.method !== "HEAD") return undefined;
      if (request.cookie !== null || request.authorization !== null) return undefined;
      const entry = fresh(request.path);
      return (
        entry && storedAnswer(entry, request.method, request.acceptEncoding, request.ifNoneMatch)
      );
    },
    async serve(request, nonce, render) {
      if (!enabled || !listening || !isCacheableRequest(request)) return render();
      const path = new URL(request.url).pathname;
      const entry = fresh(path);
      if (entry) return answer(request, entry);

      // A render of this page is under way: wait for it rather than render the page again (after
      // a content change empties the cache, a burst of visitors would otherwise all render).
      const renderedIn = generation;
      const flightKey = `${renderedIn}\n${path}`;
      if (inFlight.has(flightKey)) {
        const stored = await inFlight.get(flightKey);
        return stored ? answer(request, stored) : render();
      }
      misses++;
      let settle: (stored: Entry | null) => void = () => {};
      inFlight.set(
        flightKey,
        new Promise<Entry | null>((resolve) => {
          settle = resolve;
        }),
      );
      const done = (stored: Entry | null) => {
        inFlight.delete(flightKey);
        settle(stored);
      };

      let response: Response;
      try {
        response = await render();
      } catch (error) {
        done(null);
        throw error;
      }
      if (request.method !== "GET" || !isStorableResponse(response) || !response.body) {
        done(null);
        return response;
      }
      const headers = new Headers(response.headers);
      headers.set(PAGE_CACHE_HEADER, "miss");
      headers.set("Vary", "Accept-Encoding");
      // One branch goes to the visitor as it streams, the other into the cache when complete.
      const [toVisitor, toCache] = response.body.tee();
      const storedAt = now();
      const storingThis = readBytes(toCache, Math.min(options.maxBytes, MAX_PAGE_BYTES))
        .then(async (rendered) => {
          if (rendered === null || generation !== renderedIn) return done(null);
          const built = await buildEntry(
            rendered,
            nonce,
            response.headers,
            options.policyForScriptHashes,
            storedAt,
          );
          // A change announced while this page rendered may not be in it: not stored.
          if (generation !== renderedIn || built.bytes > options.maxBytes) return done(null);
          store(path, built);
          done(built);
        })
        // A page that failed while streaming is not stored; the visitor's branch reports it.
        .catch(() => done(null))
        .finally(() => storing.delete(storingThis));
      storing.add(storingThis);
      return new Response(toVisitor, { status: response.status, headers });
    },
    contentChanged: clear,
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    async idle() {
      await watching;
      while (storing.size > 0) await Promise.all(storing);
    },
    async close() {
      closed = true;
      const stop = await watching;
      listening = false;
      clear();
      await stop?.();
    },
  };
}

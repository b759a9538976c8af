/**
 * @module
 * The server's cache of rendered public pages. Rendering a page (its loaders' queries and React)
 * takes 20-30 ms of CPU; a stored page goes out in a fraction of a millisecond, so a burst of
 * visitors no longer queues behind the renderer.
 *
 * It behaves like a shared HTTP cache in front of the web app (Varnish's defaults, in effect):
 * - it stores only what a shared cache may keep: a 200 HTML answer with `Cache-Control: public`,
 *   an ETag, no `Set-Cookie` and no `Vary` on a request header, to a GET without query string,
 *   cookies or `Authorization`;
 * - it serves stored pages only to such requests (GET or HEAD); a conditional request (one with
 *   `If-None-Match`) goes to the app, which answers 304 before rendering anyway;
 * - visitors who ask for a page while it is being rendered wait for that render and share it;
 * - every content write changes the content version, and a new version empties the cache, so a
 *   change is visible on the next request; an entry also expires after `maxAgeMs`, because a
 *   page can depend on the clock (the footer's year);
 * - the stored HTML carries the CSP nonce of the request that rendered it; each answer gets its
 *   own request's nonce instead (the nonce is 128 random bits, so it appears nowhere else).
 */

export interface PageCacheOptions {
  /** The current content version (changes with every content write); a throw skips the cache. */
  contentVersion: () => Promise<string>;
  /** Memory for stored pages, counted in UTF-8 bytes of their HTML; the oldest used go first. */
  maxBytes: number;
  /** How long a stored page may be served; default 5 minutes. */
  maxAgeMs?: number;
  now?: () => number;
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
  stats(): PageCacheStats;
}

interface Entry {
  html: string;
  /** The nonce the HTML was rendered with. */
  nonce: string;
  headers: [string, string][];
  bytes: number;
  storedAt: number;
}

const DEFAULT_MAX_AGE_MS = 5 * 60_000;
/** A page larger than this is never stored (the home page is about 60 KiB). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Says whether an answer came from the cache, for operators and tests. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** A request whose answer may come from, or go into, the cache. */
function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return false;
  if (request.headers.has("if-none-match") || request.headers.has("if-modified-since"))
    return false;
  return new URL(request.url).search === "";
}

/** An answer a shared cache may store. */
function isStorableResponse(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (!response.headers.get("etag") || response.headers.has("set-cookie")) return false;
  // The cache keys by path alone: an answer that varies with a request header cannot be shared
  // (gzip is applied after the cache, per request).
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

/** Reads a stream to the end as text, or gives up (null) once it passes `limit` bytes. */
async function readText(stream: ReadableStream<Uint8Array>, limit: number): Promise<string | null> {
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
  return Buffer.concat(chunks).toString("utf8");
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  /** Path -> entry, least recently used first (a Map keeps insertion order). */
  const entries = new Map<string, Entry>();
  /** Renders under way, by content version and path: what they store, or null. */
  const inFlight = new Map<string, Promise<Entry | null>>();
  let version: string | null = null;
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remove = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return;
    entries.delete(path);
    bytes -= entry.bytes;
  };

  const store = (path: string, entry: Entry) => {
    remove(path);
    entries.set(path, entry);
    bytes += entry.bytes;
    for (const [oldest] of entries) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  const answer = (request: Request, entry: Entry, nonce: string) => {
    const headers = new Headers(entry.headers);
    headers.set(PAGE_CACHE_HEADER, "hit");
    const body = request.method === "HEAD" ? null : entry.html.split(entry.nonce).join(nonce);
    return new Response(body, { status: 200, headers });
  };

  return {
    async serve(request, nonce, render) {
      if (options.maxBytes <= 0 || !isCacheableRequest(request)) return render();
      let current: string;
      try {
        current = await options.contentVersion();
      } catch {
        // Without a version nothing can be known fresh; the page itself reports the failure.
        return render();
      }
      if (current !== version) {
        entries.clear();
        bytes = 0;
        version = current;
      }
      const path = new URL(request.url).pathname;
      const entry = entries.get(path);
      if (entry && now() - entry.storedAt < maxAgeMs) {
        hits++;
        // Most recently used goes last.
        entries.delete(path);
        entries.set(path, entry);
        return answer(request, entry, nonce);
      }
      if (entry) remove(path);

      // A render of this page is under way: wait for it rather than render the page again (after
      // a content change empties the cache, a burst of visitors would otherwise all render).
      const flightKey = `${current}\n${path}`;
      if (inFlight.has(flightKey)) {
        const stored = await inFlight.get(flightKey);
        if (!stored) return render();
        hits++;
        return answer(request, stored, nonce);
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
      // One branch goes to the visitor as it streams, the other into the cache when complete.
      const [toVisitor, toCache] = response.body.tee();
      const storedAt = now();
      const storedHeaders = [...response.headers].filter(
        ([name]) => name !== "content-length" && name !== "date",
      );
      void readText(toCache, Math.min(options.maxBytes, MAX_PAGE_BYTES))
        .then((html) => {
          // Stored under the version read before rendering: the page's data is at least that
          // new, and a write since has changed the version, which empties the cache anyway.
          if (html === null || version !== current) {
            done(null);
            return;
          }
          const stored = {
            html,
            nonce,
            headers: storedHeaders,
            bytes: Buffer.byteLength(html),
            storedAt,
          };
          store(path, stored);
          done(stored);
        })
        .catch(() => {
          // A page that failed while streaming is not stored; the visitor's branch reports it.
          done(null);
        });
      return new Response(toVisitor, { status: response.status, headers });
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, PAGE_CACHE_HEADER, type PageCacheOptions } from "./page-cache";

const publicHeaders = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "public, max-age=0, must-revalidate",
  ETag: '"v1"',
};

/** A web app stand-in: renders a page whose script carries the request's nonce; counts renders. */
function fakeApp(headers: Record<string, string> = publicHeaders, status = 200) {
  const app = {
    renders: 0,
    content: "Welcome",
    render(nonce: string) {
      return async () => {
        app.renders++;
        return new Response(
          `<html><body><h1>${app.content}</h1><script nonce="${nonce}">start()</script></body></html>`,
          { status, headers },
        );
      };
    },
  };
  return app;
}

/** The stored policy names the hashes it was given, so tests can read them back. */
const policyForScriptHashes = (hashes: string[]) => `script-src ${hashes.join(" ")}`;

/** A cache whose content changes the test announces itself (`state.announce()`). */
function cacheWith(overrides: Partial<PageCacheOptions> = {}) {
  const state = {
    clock: 0,
    announce: () => {},
    interrupt: () => {},
    resume: () => {},
    listening: false,
  };
  const cache = createPageCache({
    watchContentChanges: async (onChange, { onInterrupted, onResumed }) => {
      state.announce = onChange;
      state.interrupt = onInterrupted;
      state.resume = onResumed;
      state.listening = true;
      return async () => {
        state.listening = false;
      };
    },
    policyForScriptHashes,
    maxBytes: 1024 * 1024,
    now: () => state.clock,
    ...overrides,
  });
  return { cache, state };
}

const request = (path = "/about", init?: RequestInit) =>
  new Request(`http://localhost${path}`, init);

/** A promise the test resolves when it chooses: a render held until then. */
function gate() {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { held, open };
}

/** Serves one request and reads the whole answer, as a visitor would, then lets the cache store. */
async function visit(
  cache: ReturnType<typeof createPageCache>,
  app: ReturnType<typeof fakeApp>,
  nonce: string,
  incoming: Request = request(),
) {
  await cache.idle();
  const response = await cache.serve(incoming, nonce, app.render(nonce));
  const body = await response.text();
  await cache.idle();
  return { response, body };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the page cache", () => {
  it("renders a public page once, then serves it stored, its scripts approved by hash", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    const first = await visit(cache, app, "nonce-A");
    expect(first.response.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(first.response.headers.get("vary")).toBe("Accept-Encoding");
    expect(first.body).toContain('nonce="nonce-A"');

    const second = await visit(cache, app, "nonce-B");
    expect(app.renders).toBe(1);
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    // The render's nonce approves nothing any more: blanked; the policy names the script's hash.
    expect(second.body).toContain('<script nonce="">start()</script>');
    expect(second.body).not.toContain("nonce-A");
    expect(second.body).not.toContain("nonce-B");
    expect(second.response.headers.get("content-security-policy")).toBe(
      `script-src ${sha256("start()")}`,
    );
    expect(second.response.headers.get("etag")).toBe('"v1"');
    expect(second.response.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.response.headers.get("content-length")).toBe(
      String(Buffer.byteLength(second.body)),
    );
    expect(second.response.headers.get("cache-control")).toBe(publicHeaders["Cache-Control"]);
    expect(second.response.headers.get("content-type")).toBe(publicHeaders["Content-Type"]);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it("keeps a stored page as Brotli, gzip and plain bytes, and picks by Accept-Encoding", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    const plain = (await visit(cache, app, "n0")).body.replace("n0", "");
    const served = async (acceptEncoding: string) => {
      const response = await cache.serve(
        request("/about", { headers: { "accept-encoding": acceptEncoding } }),
        "n1",
        app.render("n1"),
      );
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const brotli = await served("gzip, deflate, br");
    expect(brotli.response.headers.get("content-encoding")).toBe("br");
    expect(brotli.response.headers.get("etag")).toBe('W/"v1"');
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(plain);
    expect(brotli.response.headers.get("content-length")).toBe(String(brotli.bytes.byteLength));
    const gzipped = await served("gzip");
    expect(gzipped.response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzipped.bytes).toString()).toBe(plain);
    const identity = await served("identity");
    expect(identity.response.headers.get("content-encoding")).toBeNull();
    expect(identity.bytes.toString()).toBe(plain);
    expect(app.renders).toBe(1);
  });

  it("answers If-None-Match from a stored page with 304, without rendering", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1");
    for (const [etag, acceptEncoding] of [
      ['"v1"', ""],
      ['W/"v1"', "gzip"],
      ['"old", W/"v1"', "br"],
      ["*", "br"],
    ] as const) {
      const revalidated = await visit(
        cache,
        app,
        "n2",
        request("/about", {
          headers: { "if-none-match": etag, "accept-encoding": acceptEncoding },
        }),
      );
      expect(revalidated.response.status).toBe(304);
      expect(revalidated.body).toBe("");
      expect(revalidated.response.headers.get("etag")).toBe(acceptEncoding ? 'W/"v1"' : '"v1"');
      expect(revalidated.response.headers.get("vary")).toBe("Accept-Encoding");
      expect(revalidated.response.headers.get("cache-control")).toBe(
        publicHeaders["Cache-Control"],
      );
      // A 304 carries no policy: the browser keeps the one of the page it has.
      expect(revalidated.response.headers.get("content-security-policy")).toBeNull();
    }
    const changed = await visit(
      cache,
      app,
      "n3",
      request("/about", { headers: { "if-none-match": '"old"' } }),
    );
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(app.renders).toBe(1);
  });

  it("asks the app when If-None-Match comes for a page it does not hold", async () => {
    const { cache } = cacheWith();
    await cache.idle();
    let renders = 0;
    const answer = await cache.serve(
      request("/about", { headers: { "if-none-match": '"v1"' } }),
      "n1",
      async () => {
        renders++;
        return new Response(null, { status: 304, headers: { ETag: '"v1"' } });
      },
    );
    expect(answer.status).toBe(304);
    expect(renders).toBe(1);
    await cache.idle();
    expect(cache.stats().entries).toBe(0);
  });

  it("answers HEAD from a stored page without a body", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1");
    const head = await visit(cache, app, "n2", request("/about", { method: "HEAD" }));
    expect(app.renders).toBe(1);
    expect(head.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(head.body).toBe("");
    expect(Number(head.response.headers.get("content-length"))).toBeGreaterThan(0);
  });

  it("keeps pages apart by path", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1", request("/about"));
    app.content = "Kontakt";
    const other = await visit(cache, app, "n2", request("/de/about"));
    expect(app.renders).toBe(2);
    expect(other.body).toContain("Kontakt");
    expect((await visit(cache, app, "n3", request("/about"))).body).toContain("Welcome");
  });

  it("empties itself when a content change is announced, so it shows on the next request", async () => {
    const { cache, state } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1");
    await visit(cache, app, "n2");
    expect(app.renders).toBe(1);
    app.content = "Changed";
    state.announce();
    const after = await visit(cache, app, "n3");
    expect(app.renders).toBe(2);
    expect(after.body).toContain("Changed");
    expect(after.response.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
  });

  it("does not store a page rendered while a change was announced (it may predate it)", async () => {
    const { cache, state } = cacheWith();
    const { held, open: finish } = gate();
    const render = async () => {
      await held;
      return new Response('<p>old</p><script nonce="n1"></script>', { headers: publicHeaders });
    };
    await cache.idle();
    const answer = cache.serve(request(), "n1", render);
    state.announce();
    finish();
    await (await answer).text();
    await cache.idle();
    expect(cache.stats().entries).toBe(0);
  });

  it("serves nothing from the cache until it listens for changes, nor when listening fails", async () => {
    const { held: subscribed, open: subscribe } = gate();
    const app = fakeApp();
    const waiting = cacheWith({
      watchContentChanges: async () => {
        await subscribed;
        return async () => {};
      },
    });
    await (await waiting.cache.serve(request(), "n1", app.render("n1"))).text();
    const before = await waiting.cache.serve(request(), "n2", app.render("n2"));
    expect(before.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(app.renders).toBe(2);
    subscribe();
    await visit(waiting.cache, app, "n3");
    const after = await visit(waiting.cache, app, "n4");
    expect(after.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");

    const errors: unknown[] = [];
    const failed = cacheWith({
      watchContentChanges: async () => {
        throw new Error("LISTEN failed");
      },
      onWatchError: (error) => errors.push(error),
    });
    await visit(failed.cache, app, "n5");
    const again = await visit(failed.cache, app, "n6");
    expect(again.response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(errors).toHaveLength(1);
  });

  it("serves nothing stored while the listening connection is lost, and starts afresh once back", async () => {
    const { cache, state } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1");
    expect((await visit(cache, app, "n2")).response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");

    state.interrupt();
    app.content = "Changed while nobody heard";
    const during = await visit(cache, app, "n3");
    expect(during.body).toContain("Changed while nobody heard");
    expect(during.response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect((await visit(cache, app, "n4")).response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(cache.stats().entries).toBe(0);

    state.resume();
    expect((await visit(cache, app, "n5")).response.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect((await visit(cache, app, "n6")).response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("stops listening when closed", async () => {
    const { cache, state } = cacheWith();
    await cache.idle();
    expect(state.listening).toBe(true);
    await cache.close();
    expect(state.listening).toBe(false);
  });

  it("lets a stored page expire (a page can depend on the clock)", async () => {
    const { cache, state } = cacheWith({ maxAgeMs: 1000 });
    const app = fakeApp();
    await visit(cache, app, "n1");
    state.clock = 999;
    await visit(cache, app, "n2");
    expect(app.renders).toBe(1);
    state.clock = 1000;
    await visit(cache, app, "n3");
    expect(app.renders).toBe(2);
  });

  it.each([
    ["a cookie", request("/about", { headers: { cookie: "session=1" } })],
    ["Authorization", request("/about", { headers: { authorization: "Bearer t" } })],
    ["a query string", request("/about?category=music")],
    ["a form post", request("/about", { method: "POST", body: "x=1" })],
  ])("neither stores nor serves a request with %s", async (_what, incoming) => {
    const { cache } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1");
    const answer = await visit(cache, app, "n2", incoming);
    expect(answer.response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(answer.body).toContain('nonce="n2"');
    expect(app.renders).toBe(2);
    // And it stored nothing of its own: the anonymous page is still the one served.
    expect(cache.stats().entries).toBe(1);
  });

  it.each([
    ["private", { ...publicHeaders, "Cache-Control": "private, no-cache" }, 200],
    ["no-store", { ...publicHeaders, "Cache-Control": "public, no-store" }, 200],
    ["without Cache-Control", { "Content-Type": "text/html", ETag: '"v1"' }, 200],
    ["without an ETag", { "Content-Type": "text/html", "Cache-Control": "public" }, 200],
    ["with a policy of its own", { ...publicHeaders, "Content-Security-Policy": "sandbox" }, 200],
    ["with Set-Cookie", { ...publicHeaders, "Set-Cookie": "a=1" }, 200],
    ["varying by language", { ...publicHeaders, Vary: "Accept-Encoding, Accept-Language" }, 200],
    ["not HTML", { ...publicHeaders, "Content-Type": "application/xml" }, 200],
    ["a 404", publicHeaders, 404],
  ])("does not store an answer that is %s", async (_what, headers, status) => {
    const { cache } = cacheWith();
    const app = fakeApp(headers, status);
    await visit(cache, app, "n1");
    const second = await visit(cache, app, "n2");
    expect(app.renders).toBe(2);
    expect(second.body).toContain('nonce="n2"');
    expect(cache.stats().entries).toBe(0);
  });

  it("stores an answer that varies only by Accept-Encoding", async () => {
    const { cache } = cacheWith();
    const app = fakeApp({ ...publicHeaders, Vary: "Accept-Encoding" });
    await visit(cache, app, "n1");
    await visit(cache, app, "n2");
    expect(app.renders).toBe(1);
  });

  it("does not store a page that was rendered from a HEAD request", async () => {
    const { cache } = cacheWith();
    const app = fakeApp();
    await visit(cache, app, "n1", request("/about", { method: "HEAD" }));
    expect(cache.stats().entries).toBe(0);
  });

  it("drops the least recently used pages beyond its memory", async () => {
    const app = fakeApp();
    const measuring = cacheWith();
    await visit(measuring.cache, app, "n0", request("/a"));
    const pageBytes = measuring.cache.stats().bytes;
    app.renders = 0;
    const { cache } = cacheWith({ maxBytes: pageBytes * 2 });
    await visit(cache, app, "n0", request("/a"));
    await visit(cache, app, "n0", request("/b"));
    await visit(cache, app, "n0", request("/a")); // /a is now the most recently used
    await visit(cache, app, "n0", request("/c")); // evicts /b
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: pageBytes * 2 });
    await visit(cache, app, "n0", request("/a"));
    expect(app.renders).toBe(3);
    await visit(cache, app, "n0", request("/b"));
    expect(app.renders).toBe(4);
  });

  it("never stores a page larger than its memory, and is off at 0 bytes", async () => {
    const app = fakeApp();
    const small = cacheWith({ maxBytes: 10 });
    await visit(small.cache, app, "n1");
    expect(small.cache.stats()).toMatchObject({ entries: 0, bytes: 0 });

    const off = cacheWith({ maxBytes: 0 });
    await visit(off.cache, app, "n1");
    const again = await visit(off.cache, app, "n2");
    expect(again.response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(app.renders).toBe(3);
    expect(off.state.listening).toBe(false);
  });

  it("lets visitors who come while a page renders share that render", async () => {
    const { cache } = cacheWith();
    await cache.idle();
    const { held, open: finish } = gate();
    let renders = 0;
    const render = (nonce: string) => async () => {
      renders++;
      await held;
      return new Response(`<p>page</p><script nonce="${nonce}"></script>`, {
        headers: publicHeaders,
      });
    };
    const answers = ["n1", "n2", "n3"].map((nonce) => cache.serve(request(), nonce, render(nonce)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish();
    const bodies = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(renders).toBe(1);
    // The first visitor got the page as rendered; the others the stored page.
    expect(bodies).toEqual([
      '<p>page</p><script nonce="n1"></script>',
      '<p>page</p><script nonce=""></script>',
      '<p>page</p><script nonce=""></script>',
    ]);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1 });
  });

  it("lets the waiting visitors render for themselves when the page cannot be stored", async () => {
    const { cache } = cacheWith();
    await cache.idle();
    const { held, open: finish } = gate();
    let renders = 0;
    const render = async () => {
      renders++;
      await held;
      return new Response("<p>signed-in view</p>", {
        headers: { ...publicHeaders, "Cache-Control": "private, no-cache" },
      });
    };
    const answers = [cache.serve(request(), "n1", render), cache.serve(request(), "n2", render)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish();
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
    expect(statuses).toEqual([200, 200]);
    expect(renders).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("passes a failed render on to its visitor, and the next one renders again", async () => {
    const { cache } = cacheWith();
    await cache.idle();
    await expect(
      cache.serve(request(), "n1", async () => {
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    const app = fakeApp();
    const next = await visit(cache, app, "n2");
    expect(next.response.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(app.renders).toBe(1);
  });

  it("streams the page to the visitor while storing it", async () => {
    const { cache } = cacheWith();
    await cache.idle();
    const { held: rest, open: sendRest } = gate();
    const encoder = new TextEncoder();
    const render = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode("<html><body>first part"));
            await rest;
            controller.enqueue(encoder.encode(" and the rest</body></html>"));
            controller.close();
          },
        }),
        { headers: publicHeaders },
      );
    const response = await cache.serve(request(), "n1", render);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe("<html><body>first part");
    expect(cache.stats().entries).toBe(0);
    sendRest();
    while (!(await reader?.read())?.done) {}
    await cache.idle();
    expect(cache.stats().entries).toBe(1);
  });
});

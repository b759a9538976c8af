import { describe, expect, it } from "vitest";
import { pageCacheHeaders } from "./http-cache.server";

const page = (headers: Record<string, string> = {}) =>
  new Request("https://heritage.example/about", { headers });

describe("pageCacheHeaders", () => {
  it("lets shared caches keep an anonymous page, revalidated on every use", () => {
    const headers = pageCacheHeaders({ request: page(), contentVersion: "v1", signedIn: false });
    expect(headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(headers.get("etag")).toMatch(/^"[\w-]+"$/);
  });

  it.each([
    ["a signed-in visitor", page(), true],
    ["a request with cookies", page({ cookie: "theme=dark" }), false],
    ["a request with credentials", page({ authorization: "Bearer t" }), false],
  ])("keeps the page of %s private", (_who, request, signedIn) => {
    const headers = pageCacheHeaders({ request, contentVersion: "v1", signedIn });
    expect(headers.get("cache-control")).toBe("private, no-cache");
  });

  it("lets nothing store a page made without a content version", () => {
    const headers = pageCacheHeaders({ request: page(), contentVersion: null, signedIn: false });
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("etag")).toBeNull();
  });
});

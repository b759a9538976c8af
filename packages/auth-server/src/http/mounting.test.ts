/**
 * The auth API inside a host app: its handlers go in unwrapped, and an error is answered by the
 * API when one of its handlers threw it, by the host otherwise (mounting.ts).
 */
import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AuthEnv } from "./context";
import { mountAuthApi } from "./mounting";

function apiAndHost() {
  const api = new Hono<AuthEnv>();
  api.use("*", async (c, next) => {
    if (c.req.header("x-fail-in") === "api-middleware") throw new Error("api middleware");
    await next();
  });
  api.get("/users/me", (c) => {
    if (c.req.header("x-fail-in") === "api-endpoint") throw new Error("api endpoint");
    return c.json({ ok: true });
  });
  const answerError = (error: unknown, _c: Context<AuthEnv>) =>
    new Response(`api: ${(error as Error).message}`, { status: 418 });
  api.onError(answerError);

  const host = new Hono();
  host.use(async (c, next) => {
    if (c.req.header("x-fail-in") === "host-before") throw new Error("host before");
    await next();
    // A host layer still finishes the API's error answers, as it did with Hono's wrappers.
    c.res.headers.set("x-host-layer", "seen");
  });
  const answerApiError = mountAuthApi(host, { routes: api.routes, answerError }, ["/api/v1"]);
  host.onError(
    (error, c) =>
      answerApiError(error, c) ??
      new Response(`host: ${(error as Error).message}`, { status: 500 }),
  );
  return { api, host };
}

const failIn = (where: string) => ({ headers: { "x-fail-in": where } });

describe("mountAuthApi", () => {
  it("serves the API's routes under the mount path with its own handlers, unwrapped", async () => {
    const { api, host } = apiAndHost();
    const response = await host.request("/api/v1/users/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const mounted = host.routes.filter((route) => route.path.startsWith("/api/v1"));
    expect(mounted.map((route) => route.handler)).toEqual(api.routes.map((route) => route.handler));
  });

  it("answers an error an API endpoint or middleware threw in the API's shape, host layers after", async () => {
    const { host } = apiAndHost();
    for (const where of ["api-endpoint", "api-middleware"]) {
      const response = await host.request("/api/v1/users/me", failIn(where));
      expect(response.status).toBe(418);
      expect(await response.text()).toBe(`api: ${where.replace("-", " ")}`);
      expect(response.headers.get("x-host-layer")).toBe("seen");
    }
  });

  it("still knows the API's errors when the host is mounted in turn by another app", async () => {
    const { host } = apiAndHost();
    const outer = new Hono();
    outer.route("/", host);
    const response = await outer.request("/api/v1/users/me", failIn("api-endpoint"));
    expect(response.status).toBe(418);
    expect(await response.text()).toBe("api: api endpoint");
  });

  it("leaves an error the host's own layer threw to the host", async () => {
    const { host } = apiAndHost();
    const response = await host.request("/api/v1/users/me", failIn("host-before"));
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("host: host before");
  });
});

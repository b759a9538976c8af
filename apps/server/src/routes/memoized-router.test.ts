import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { longestKeptPath, MemoizedRouter } from "./memoized-router";

const routes: [string, string, string][] = [
  ["ALL", "/api/*", "api middleware"],
  ["GET", "/api/v1/users/me", "me"],
  ["GET", "/api/v1/users/:user_id", "user"],
  ["PATCH", "/api/v1/users/:user_id", "update user"],
  ["GET", "/api/v1/teams/:team_id/members/:user_id", "member"],
  ["GET", "/media/*", "media"],
  ["GET", "/", "home"],
];

function routers(limit?: number) {
  const plain = new TrieRouter<string>();
  const memoized = new MemoizedRouter(new TrieRouter<string>(), limit);
  for (const [method, path, handler] of routes) {
    plain.add(method, path, handler);
    memoized.add(method, path, handler);
  }
  return { plain, memoized };
}

const asked: [string, string][] = [
  ["GET", "/api/v1/users/me"],
  ["GET", "/api/v1/users/u-1"],
  ["GET", "/api/v1/users/u-2"],
  ["PATCH", "/api/v1/users/u-1"],
  ["POST", "/api/v1/users/u-1"],
  ["GET", "/api/v1/teams/t-1/members/u-3"],
  ["GET", "/media/a/b.webp"],
  ["GET", "/"],
  ["GET", "/nowhere"],
];

describe("MemoizedRouter", () => {
  it("answers as the router it wraps, the first time and every time after", () => {
    const { plain, memoized } = routers();
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of asked) {
        expect(memoized.match(method, path), `${method} ${path}`).toEqual(
          plain.match(method, path),
        );
      }
    }
  });

  it("hands out one answer per method and path, and keeps each path's own parameters", () => {
    const { memoized } = routers();
    const first = memoized.match("GET", "/api/v1/users/u-1");
    expect(memoized.match("GET", "/api/v1/users/u-1")).toBe(first);
    expect(memoized.match("PATCH", "/api/v1/users/u-1")).not.toBe(first);
    const [handlers] = memoized.match("GET", "/api/v1/users/u-2");
    expect(handlers).toContainEqual(["user", { user_id: "u-2" }]);
    expect(memoized.match("GET", "/api/v1/users/u-1")[0]).toContainEqual([
      "user",
      { user_id: "u-1" },
    ]);
  });

  it("stays right past the number of paths it remembers", () => {
    const { plain, memoized } = routers(4);
    for (let index = 0; index < 50; index++) {
      const path = `/api/v1/users/u-${index % 7}`;
      expect(memoized.match("GET", path)).toEqual(plain.match("GET", path));
    }
  });

  it("looks a very long path up each time without keeping it", () => {
    const { plain, memoized } = routers();
    const path = `/api/v1/users/${"u".repeat(longestKeptPath)}`;
    const first = memoized.match("GET", path);
    expect(first).toEqual(plain.match("GET", path));
    expect(memoized.match("GET", path)).not.toBe(first);
  });

  it("forgets its answers when a route is added", () => {
    const { memoized } = routers();
    expect(memoized.match("GET", "/late")[0]).toEqual([]);
    memoized.add("GET", "/late", "late");
    expect(memoized.match("GET", "/late")[0]).toEqual([["late", {}]]);
  });

  it("serves a Hono app: the same handlers and parameters for repeated requests", async () => {
    const app = new Hono({ router: new MemoizedRouter(new TrieRouter()) });
    app.use("/api/*", async (c, next) => {
      await next();
      c.header("x-through", "api");
    });
    app.get("/api/v1/users/me", (c) => c.text("me"));
    app.get("/api/v1/users/:user_id", (c) => c.text(`user ${c.req.param("user_id")}`));
    for (let round = 0; round < 2; round++) {
      const me = await app.request("/api/v1/users/me");
      expect([await me.text(), me.headers.get("x-through")]).toEqual(["me", "api"]);
      expect(await (await app.request("/api/v1/users/u-1")).text()).toBe("user u-1");
      expect(await (await app.request("/api/v1/users/u-2")).text()).toBe("user u-2");
      expect((await app.request("/nowhere")).status).toBe(404);
    }
  });
});

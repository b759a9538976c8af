/**
 * `GET /api/{version}/migration-tests/smart-route-handler`: every API version is served, and the
 * demonstration route answers as that version did (404 in v1, the parameter's name and whether it
 * is required after that), naming the migration step that served it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const route = (version: string, query = "") =>
  t.request(`/api/${version}/migration-tests/smart-route-handler${query}`, { keys: null });

async function schemaErrorLines(response: Response): Promise<string[]> {
  const body = (await expectKnownError(response, "SCHEMA_ERROR", 400)) as { error: string };
  return body.error.split("\n").slice(1);
}

describe("API versions", () => {
  it("serves the same routes under every beta version", async () => {
    for (const version of ["v2beta1", "v2beta3", "v2beta5"]) {
      const response = await t.request(`/api/${version}/check-feature-support`, {
        method: "POST",
        body: { feature_name: "x" },
        keys: null,
      });
      expect(response.status).toBe(200);
    }
    expect((await t.request("/api/v2beta6/check-feature-support", { keys: null })).status).toBe(
      404,
    );
  });
});

describe("GET /migration-tests/smart-route-handler", () => {
  it("does not exist yet in v1: the reference's plain-text 404 with the URL under the public origin", async () => {
    const response = await route("v1");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text.startsWith("404 — this page does not exist in Stack Auth's API.")).toBe(true);
    expect(
      text.endsWith("URL: http://localhost:8102/api/v1/migration-tests/smart-route-handler"),
    ).toBe(true);
  });

  it("v2beta1: an optional queryParam, n/a when absent; served by the v2beta2 migration", async () => {
    const absent = await route("v2beta1");
    expect(absent.status).toBe(200);
    expect(await absent.text()).toContain("The query parameter you passed in is: n/a\n");
    expect(absent.headers.get("x-middleware-rewrite")).toBe(
      "/api/migrations/v2beta2/migration-tests/smart-route-handler",
    );
    expect(await (await route("v2beta1", "?queryParam=123")).text()).toContain(
      "The query parameter you passed in is: 123\n",
    );
    expect(await schemaErrorLines(await route("v2beta1", "?queryParamNew=123"))).toEqual([
      "  - query contains unknown properties: queryParamNew",
    ]);
  });

  it("v2beta2: queryParam required", async () => {
    expect((await route("v2beta2", "?queryParam=1")).status).toBe(200);
    expect(await schemaErrorLines(await route("v2beta2"))).toEqual([
      "  - query.queryParam must be defined",
    ]);
  });

  it("v2beta3: renamed queryParamNew, required; the old name is unknown", async () => {
    expect(await (await route("v2beta3", "?queryParamNew=7")).text()).toContain(
      "The query parameter you passed in is: 7\n",
    );
    expect(await schemaErrorLines(await route("v2beta3"))).toEqual([
      "  - query.queryParamNew must be defined",
    ]);
    expect(await schemaErrorLines(await route("v2beta3", "?queryParam=1&queryParamNew=1"))).toEqual(
      ["  - query contains unknown properties: queryParam"],
    );
  });

  it("v2beta4 and later: queryParamNew optional", async () => {
    for (const version of ["v2beta4", "v2beta5", "latest"]) {
      const response = await route(version);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-middleware-rewrite")).toBe(
        "/api/latest/migration-tests/smart-route-handler",
      );
      expect(await response.text()).toContain("Looks like you didn't pass in the query parameter.");
    }
    expect(await schemaErrorLines(await route("latest", "?queryParam=1"))).toEqual([
      "  - query contains unknown properties: queryParam",
    ]);
  });
});

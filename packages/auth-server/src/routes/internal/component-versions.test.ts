/**
 * `GET /internal/component-versions`: every page an app can replace, with its latest version and
 * changelogs, for anyone; other methods are 405.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { customisablePages } from "./component-versions";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

describe("GET /internal/component-versions", () => {
  it("answers each page's latest version and changelogs without authentication", async () => {
    const response = await t.request("/internal/component-versions");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { versions: Record<string, unknown> };
    expect(Object.keys(body.versions)).toEqual([...customisablePages]);
    expect(body.versions.signIn).toEqual({ version: 1, changelogs: { 1: "Initial version." } });
    expect(body.versions.onboarding).toEqual({ version: 1, changelogs: { 1: "Initial version." } });
  });

  it("answers the same with an access type", async () => {
    const response = await t.request("/internal/component-versions", { accessType: "client" });
    expect(response.status).toBe(200);
  });

  it("refuses other methods with 405", async () => {
    const response = await t.request("/internal/component-versions", { method: "POST", body: {} });
    expect(response.status).toBe(405);
  });
});

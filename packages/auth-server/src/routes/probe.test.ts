import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/v1 (happy)", () => {
  it("answers without authentication", async () => {
    const response = await t.request("");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None",
    );
    expect(response.headers.get("x-stack-request-id")).toBeTruthy();
    expect(response.headers.get("cache-control")).toBe("no-store, max-age=0");
  });
  it("names the access type, project and user", async () => {
    const user = await t.signUpUser();
    const response = await t.request("", { accessType: "client", accessToken: user.accessToken });
    expect(await response.text()).toContain(
      `Authentication: Client\n  Project: internal\n  User: ${user.email}`,
    );
  });
});

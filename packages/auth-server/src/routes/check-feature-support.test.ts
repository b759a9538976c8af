/**
 * `POST /check-feature-support`: the reference's text for the feature named, with or without
 * authentication; a feature name that is not a string is a schema error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const check = (body: unknown, accessType?: "client") =>
  t.request("/check-feature-support", {
    method: "POST",
    body,
    ...(accessType ? { accessType } : {}),
  });

describe("POST /check-feature-support", () => {
  it("answers that the named feature is not yet supported, as plain text", async () => {
    for (const accessType of ["client", undefined] as const) {
      const response = await check({ feature_name: "some-feature" }, accessType);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(await response.text()).toBe(
        "some-feature is not yet supported. Please reach out to Stack support for more information.",
      );
    }
    const unnamed = await check({ name: "rsc-handler-signIn" }, "client");
    expect(await unnamed.text()).toBe(
      "This feature is not yet supported. Please reach out to Stack support for more information.",
    );
  });

  it("refuses a feature name that is not a string", async () => {
    await expectKnownError(await check({ feature_name: 42 }, "client"), "SCHEMA_ERROR", 400);
  });
});

/**
 * `POST /internal/local-emulator/project`: this server is no local emulator, so the route answers the
 * reference's 400 outside emulator mode (after its access checks), and never touches the path.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const askFor = (body: unknown, accessType?: "admin" | "client") =>
  t.request("/internal/local-emulator/project", {
    method: "POST",
    body,
    ...(accessType ? { accessType } : {}),
  });

describe("POST /internal/local-emulator/project", () => {
  it("says the endpoint needs the reference's local emulator mode", async () => {
    for (const accessType of ["admin", "client"] as const) {
      await expectTextError(
        await askFor({ absolute_file_path: "/tmp/x/stack.config.ts" }, accessType),
        400,
        "This endpoint is only available in local emulator mode (set NEXT_PUBLIC_STACK_IS_LOCAL_EMULATOR=true).",
      );
    }
  });

  it("checks access and the body first", async () => {
    await expectKnownError(await askFor({ absolute_file_path: "/x" }), "ACCESS_TYPE_REQUIRED", 400);
    await expectKnownError(await askFor({}, "admin"), "SCHEMA_ERROR", 400);
  });
});

/**
 * `POST /health/email`: with the monitor's token, 200 `{ success: true }` while the platform's
 * mail server accepts a connection, 503 with the reason when it does not (or none is configured);
 * a wrong token (or none configured) is a plain 401, a missing header SCHEMA_ERROR.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../services/shared/auth-logger";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";
import { createEmailHealthRoutes } from "./email-health";

const token = "monitor-token-0123";
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

function healthApp(smtpUrl: string | undefined, secret: string | undefined = token) {
  return createEmailHealthRoutes({ secret, smtpUrl, logger: silentLogger, isDevelopment: true });
}

const check = (app: ReturnType<typeof healthApp>, authorization?: string) =>
  app.request("/email", {
    method: "POST",
    headers: authorization === undefined ? {} : { authorization },
  });

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 1;
}

describe("POST /health/email", () => {
  it("answers success while the mail server accepts a connection", async () => {
    const response = await check(healthApp(`smtp://${smtp.host}:${smtp.port}`), `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
  });

  it("answers 503 with the reason when the server is down or not configured", async () => {
    const down = await check(
      healthApp(`smtp://127.0.0.1:${await closedPort()}`),
      `Bearer ${token}`,
    );
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      success: false,
      error: expect.stringContaining("ECONNREFUSED"),
    });
    const unset = await check(healthApp(undefined), `Bearer ${token}`);
    expect(unset.status).toBe(503);
    expect(await unset.json()).toEqual({
      success: false,
      error: "No mail server is configured (SMTP_URL).",
    });
  });

  it("refuses a wrong or missing token, and every token when none is configured", async () => {
    const app = healthApp(`smtp://${smtp.host}:${smtp.port}`);
    const wrong = await check(app, "Bearer invalid-token");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe("Unauthorized");
    const missing = await check(app);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-stack-known-error")).toBe("SCHEMA_ERROR");
    const unconfigured = await check(
      healthApp(`smtp://${smtp.host}:${smtp.port}`, undefined),
      "Bearer undefined",
    );
    expect(unconfigured.status).toBe(401);
  });
});

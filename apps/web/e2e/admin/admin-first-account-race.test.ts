/**
 * Two "Create the first admin account" submissions sent at the same moment to the real server
 * (issue 6): exactly one creates the admin, the other is told that the first admin exists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dependsOnEngine } from "../support/engines";
import { startTestServer, type TestServer } from "../support/test-server";

dependsOnEngine(
  "race",
  "which of the concurrent submissions creates the admin is the database's to decide",
);

const alreadyDone = "An admin account already exists. Please sign in.";

describe("concurrent first-admin submissions", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  function submitFirstAdmin(email: string) {
    const form = new URLSearchParams({ email, password: "secret-one", displayName: "" });
    return fetch(`${server.url}/login.data`, { method: "POST", body: form });
  }

  it("creates one admin and refuses the other with the clear message", async () => {
    const emails = ["racer.one@example.org", "racer.two@example.org", "racer.three@example.org"];
    const responses = await Promise.all(emails.map(submitFirstAdmin));
    const bodies = await Promise.all(responses.map((response) => response.text()));

    const refused = bodies.filter((body) => body.includes(alreadyDone));
    const created = emails.filter((email, index) => {
      const body = bodies[index] ?? "";
      return (
        responses[index]?.status === 200 && body.includes(email) && !body.includes(alreadyDone)
      );
    });
    expect(refused).toHaveLength(emails.length - 1);
    expect(created).toHaveLength(1);

    // The page no longer offers the first admin account.
    const login = await fetch(`${server.url}/login`);
    const html = await login.text();
    expect(html).toContain("Admin Sign In");
    expect(html).not.toContain("Create the first admin account");
  });
});

import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteAuthProject, publicSiteAuthConfig } from "./site-auth-project";

let auth: TestAuthApi;
beforeAll(async () => {
  auth = await createTestAuthApi();
});
afterAll(async () => {
  await auth.close();
});

async function clientProject(projectId: string, publishableClientKey: string) {
  const response = await auth.request("/projects/current", {
    accessType: "client",
    projectId,
    keys: { publishableClientKey },
  });
  return {
    status: response.status,
    body: (await response.json()) as { id: string; config: Record<string, unknown> },
  };
}

describe("ensureSiteAuthProject", () => {
  it("creates the project once, with sign-up off, and keeps its keys in the database", async () => {
    const [first, second] = await Promise.all([
      ensureSiteAuthProject(auth.db, {}),
      ensureSiteAuthProject(auth.db, {}),
    ]);
    expect([first?.source, second?.source].sort()).toEqual(["created", "database"]);
    expect(first?.projectId).toBe(second?.projectId);
    expect(first?.secretServerKey).toBe(second?.secretServerKey);

    const again = await ensureSiteAuthProject(auth.db, {});
    expect(again).toMatchObject({ source: "database", projectId: first?.projectId });

    const project = await clientProject(again.projectId, again.publishableClientKey);
    expect(project.status).toBe(200);
    expect(project.body.config.sign_up_enabled).toBe(false);
  });

  it("uses the project and keys from the environment when they are set", async () => {
    const env = {
      SITE_AUTH_PROJECT_ID: "heritage-site",
      SITE_AUTH_PUBLISHABLE_CLIENT_KEY: "pck_site_publishable_key_for_tests",
      SITE_AUTH_SECRET_SERVER_KEY: "ssk_site_secret_key_for_tests",
    };
    const project = await ensureSiteAuthProject(auth.db, env);
    expect(project).toMatchObject({ projectId: "heritage-site", source: "environment" });
    expect(await ensureSiteAuthProject(auth.db, env)).toEqual(project);
    expect(
      (await clientProject("heritage-site", env.SITE_AUTH_PUBLISHABLE_CLIENT_KEY)).status,
    ).toBe(200);
    await expect(
      ensureSiteAuthProject(auth.db, { SITE_AUTH_PROJECT_ID: "heritage-site" }),
    ).rejects.toThrow(
      "SITE_AUTH_PUBLISHABLE_CLIENT_KEY and SITE_AUTH_SECRET_SERVER_KEY are required",
    );
  });

  it("gives the browser only the project id and the publishable key", () => {
    expect(
      publicSiteAuthConfig({
        projectId: "p",
        publishableClientKey: "pk",
        secretServerKey: "sk",
        source: "database",
      }),
    ).toEqual({ projectId: "p", publishableClientKey: "pk" });
  });
});

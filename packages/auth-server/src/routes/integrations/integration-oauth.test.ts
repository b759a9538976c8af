/**
 * The integration OAuth flow (`/integrations/{neon,custom}/oauth/...`, `internal/confirm`), walked
 * as a partner and its user's browser walk it: authorize, the provider's interaction, the
 * dashboard's confirmation, the interaction's end, the partner's code exchange for the project's
 * new admin key. Refusals change nothing: a wrong redirect URI, a wrong client secret, a code of
 * another interaction, a project that does not exist, a code exchanged twice.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationAuthorizationCodes, projectApiKeys } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const redirectUri = "http://localhost:30000/api/v2/auth/authorize";
const codeVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** The browser: follows one address of ours with the cookies it holds, keeping new ones. */
function browser() {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      jar.set(name, value);
    }
    return response;
  };
  return {
    jar,
    async visit(url: string, method = "GET") {
      const { pathname, search } = new URL(url, t.baseUrl);
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      return keep(await t.app.request(`${pathname}${search}`, { method, headers: { cookie } }));
    },
  };
}

const stateOf = (name: string) =>
  Buffer.from(JSON.stringify({ details: { external_project_name: name } })).toString("base64url");

/** Up to the dashboard's confirmation page: the browser and the interaction's uid. */
async function startFlow(family: string, clientId: string, redirect = redirectUri) {
  const user = browser();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    state: stateOf("partner-project"),
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
  });
  const authorize = await user.visit(`/api/v1/integrations/${family}/oauth/authorize?${query}`);
  expect(authorize.status).toBe(307);
  const toProvider = new URL(authorize.headers.get("location") ?? "");
  expect(toProvider.origin + toProvider.pathname).toBe(
    `${t.baseUrl}/api/v1/integrations/${family}/oauth/idp/auth`,
  );
  expect(toProvider.searchParams.get("scope")).toBe("openid");
  const provider = await user.visit(toProvider.toString());
  return { user, provider };
}

async function toConfirmation(family: string, clientId: string) {
  const { user, provider } = await startFlow(family, clientId);
  expect(provider.status).toBe(303);
  expect([...user.jar.keys()]).toEqual(
    expect.arrayContaining(["_interaction", "_interaction.sig", "_interaction_resume"]),
  );
  const toInteraction = provider.headers.get("location") ?? "";
  // The browser that follows no redirect by itself gets a link (the reference's page).
  expect(await provider.text()).toBe(
    `Redirecting to <a href="${toInteraction}">${toInteraction}</a>.`,
  );
  const interaction = await user.visit(toInteraction);
  expect(interaction.status).toBe(307);
  const confirmPage = new URL(interaction.headers.get("location") ?? "");
  expect(confirmPage.pathname).toBe(`/integrations/${family}/confirm`);
  expect(confirmPage.searchParams.get("external_project_name")).toBe("partner-project");
  return { user, interactionUid: confirmPage.searchParams.get("interaction_uid") ?? "" };
}

const confirm = (family: string, body: unknown, projectId = "internal") =>
  t.request(`/integrations/${family}/internal/confirm`, {
    method: "POST",
    accessType: "server",
    projectId,
    body,
  });

/** The interaction's end, as the dashboard sends the browser there: the partner's redirect. */
async function finish(family: string, user: ReturnType<typeof browser>, uid: string, code: string) {
  const donePath = `/api/v1/integrations/${family}/oauth/idp/interaction/${uid}/done?code=${code}`;
  const page = await user.visit(donePath);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form id="continue-form" method="POST">');
  const posted = await user.visit(donePath, "POST");
  return posted;
}

const exchange = (family: string, code: string, secret: string, clientId: string) =>
  t.request(`/integrations/${family}/oauth/token`, {
    method: "POST",
    headers: { authorization: basic(clientId, secret) },
    body: {
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
    },
  });

describe.each([
  ["neon", "neon-local", "neon-local-secret"],
  ["custom", "custom-local", "custom-local-secret"],
])("/integrations/%s/oauth", (family, clientId, clientSecret) => {
  it("hands the confirmed project's new admin key to the partner, once", async () => {
    const project = await t.createProject();
    const { user, interactionUid } = await toConfirmation(family, clientId);

    const confirmed = await confirm(family, {
      project_id: project.id,
      interaction_uid: interactionUid,
    });
    expect(confirmed.status).toBe(200);
    const { authorization_code: code } = (await confirmed.json()) as { authorization_code: string };

    const posted = await finish(family, user, interactionUid, code);
    expect(posted.status).toBe(303);
    const resumed = await user.visit(posted.headers.get("location") ?? "");
    expect(resumed.status).toBe(303);
    const back = new URL(resumed.headers.get("location") ?? "");
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe(stateOf("partner-project"));
    expect(back.searchParams.get("iss")).toBe(
      `${t.baseUrl}/api/v1/integrations/${family}/oauth/idp`,
    );
    const partnerCode = back.searchParams.get("code") ?? "";

    const wrongSecret = await exchange(family, partnerCode, "wrong-secret", clientId);
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ code: "SCHEMA_ERROR" });

    const exchanged = await exchange(family, partnerCode, clientSecret, clientId);
    expect(exchanged.status).toBe(200);
    const token = (await exchanged.json()) as {
      access_token: string;
      token_type: string;
      project_id: string;
    };
    expect(token).toMatchObject({ token_type: "api_key", project_id: project.id });

    const keys = await t.request("/internal/api-keys", {
      projectId: project.id,
      keys: { superSecretAdminKey: token.access_token },
      accessType: "admin",
    });
    expect(keys.status).toBe(200);
    expect(await keys.json()).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({
          description: "Auto-generated for an external project (DO NOT DELETE)",
        }),
      ]),
    });

    // The code was used: a second exchange is the provider's refusal, and no key goes out twice.
    const again = await exchange(family, partnerCode, clientSecret, clientId);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("invalid_grant");
  });

  it("refuses a redirect URI the client did not register, with the provider's JSON", async () => {
    const { provider } = await startFlow(
      family,
      clientId,
      "http://localhost:30000/api/v2/wrong-url/authorize",
    );
    expect(provider.status).toBe(400);
    expect(await provider.json()).toEqual({
      error: "invalid_redirect_uri",
      error_description: "redirect_uri did not match any of the client's registered redirect_uris",
      iss: `${t.baseUrl}/api/v1/integrations/${family}/oauth/idp`,
      state: stateOf("partner-project"),
    });
  });

  it("keeps a confirmation code for its own interaction, and refuses unknown ones", async () => {
    const project = await t.createProject();
    const first = await toConfirmation(family, clientId);
    const second = await toConfirmation(family, clientId);
    const confirmed = await confirm(family, {
      project_id: project.id,
      interaction_uid: first.interactionUid,
    });
    const { authorization_code: code } = (await confirmed.json()) as { authorization_code: string };

    const foreign = await finish(family, second.user, second.interactionUid, code);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toBe(
      "Different interaction UID than expected from the authorization code. Did you redirect to the correct URL?",
    );
    const unknown = await finish(family, first.user, first.interactionUid, "not-a-code");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe("Invalid authorization code. Please try again.");

    const own = await finish(family, first.user, first.interactionUid, code);
    expect(own.status).toBe(303);
  });
});

describe("/integrations/neon/internal/confirm", () => {
  it("is the internal project's alone and needs a project that exists, making nothing otherwise", async () => {
    const project = await t.createProject();
    const keySets = async () =>
      (await t.db.select().from(projectApiKeys).where(eq(projectApiKeys.projectId, project.id)))
        .length;
    const before = await keySets();

    const otherProject = await confirm(
      "neon",
      { project_id: project.id, interaction_uid: "x" },
      project.id,
    );
    expect(otherProject.status).toBe(400);
    expect(await otherProject.json()).toMatchObject({ code: "SCHEMA_ERROR" });

    const client = await t.request("/integrations/neon/internal/confirm", {
      method: "POST",
      accessType: "client",
      body: { project_id: project.id, interaction_uid: "x" },
    });
    expect(client.status).toBeGreaterThanOrEqual(400);
    expect(client.status).toBeLessThan(500);

    const missing = await confirm("neon", { project_id: "no-such-project", interaction_uid: "x" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "PROJECT_NOT_FOUND" });

    expect(await keySets()).toBe(before);
    const codes = await t.db
      .select()
      .from(integrationAuthorizationCodes)
      .where(eq(integrationAuthorizationCodes.projectId, project.id));
    expect(codes).toEqual([]);
  });

  it("names the flow's endpoints", async () => {
    const answer = await t.request("/integrations/neon/oauth");
    expect(await answer.text()).toBe(
      `Authorization endpoint: ${t.baseUrl}/api/v1/integrations/neon/oauth/authorize\nToken endpoint: ${t.baseUrl}/api/v1/integrations/neon/oauth/token`,
    );
  });
});

/**
 * The loopback provider's consent page (`consentPage: true`, for browser journeys): Allow answers
 * with a code, Deny with `access_denied`, each request is answered once, and a request no client
 * could be sent back for is refused at once. Without the option it approves at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOAuthProvider, type TestOAuthProvider } from "./test-oauth-provider";

let provider: TestOAuthProvider;
let withoutConsent: TestOAuthProvider;
const redirectUri = "http://127.0.0.1:1/callback";

beforeAll(async () => {
  [provider, withoutConsent] = await Promise.all([
    startTestOAuthProvider({ consentPage: true }),
    startTestOAuthProvider(),
  ]);
  provider.signInAs({ sub: "ana", email: "ana@example.org", email_verified: true });
});
afterAll(async () => {
  await provider?.close();
  await withoutConsent?.close();
});

function authorize(target: TestOAuthProvider, clientId = target.clientId) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    state: "state-1",
    code_challenge: "challenge",
    code_challenge_method: "S256",
  });
  return fetch(`${target.issuer}/authorize?${query}`, { redirect: "manual" });
}

async function consentRequestId(): Promise<string> {
  const page = await authorize(provider);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("You are signed in to Loopback ID as ana@example.org.");
  const requestId = html.match(/name="request" value="([^"]+)"/)?.[1];
  if (!requestId) throw new Error("The consent page carries no request id");
  return requestId;
}

function decide(requestId: string, decision: "allow" | "deny") {
  return fetch(`${provider.issuer}/authorize/consent`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request: requestId, decision }),
    redirect: "manual",
  });
}

describe("the consent page", () => {
  it("Allow sends the browser back with a code and the state, once", async () => {
    const requestId = await consentRequestId();
    const allowed = await decide(requestId, "allow");
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("state-1");
    expect(back.searchParams.get("code")).toMatch(/^[\w-]{20,}$/);

    const again = await decide(requestId, "allow");
    expect(again.status).toBe(400);
  });

  it("Deny sends the browser back with access_denied", async () => {
    const denied = await decide(await consentRequestId(), "deny");
    const back = new URL(denied.headers.get("location") ?? "");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("an unknown client is refused without a page", async () => {
    const refused = await authorize(provider, "someone-else");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("unknown client_id");
  });

  it("without the option the provider approves at once", async () => {
    const approved = await authorize(withoutConsent);
    expect(approved.status).toBe(302);
    expect(new URL(approved.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
  });
});

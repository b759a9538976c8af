/**
 * @module
 * The script of the page passkey.browser.test.ts opens in Chromium: the client library, bundled for
 * the browser, exposed as `window.authTest` so the test can drive registration and sign-in through
 * the real `navigator.credentials`. Results come back as plain data (errors as their code).
 */
import { createClientApp } from "../client-app";
import { createMemoryTokenStore } from "../token-stores/memory";

interface PageConfig {
  projectId: string;
  publishableClientKey: string;
}

type Outcome = { status: "ok"; data: unknown } | { status: "error"; code: string; message: string };

const config = (globalThis as unknown as { authTestConfig: PageConfig }).authTestConfig;
const app = createClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: location.origin,
  tokenStore: createMemoryTokenStore(),
});

function outcome(
  result: { status: "ok"; data?: unknown } | { status: "error"; error: Error & { code: string } },
): Outcome {
  return result.status === "ok"
    ? { status: "ok", data: result.data ?? null }
    : { status: "error", code: result.error.code, message: result.error.message };
}

const authTest = {
  signUp: async (email: string, password: string) =>
    outcome(await app.signUpWithCredential({ email, password })),
  registerPasskey: async () => outcome(await app.registerPasskey()),
  signInWithPasskey: async () => outcome(await app.signInWithPasskey()),
  signOut: () => app.signOut(),
  getUser: async () => {
    const user = await app.getUser();
    return (
      user && {
        id: user.id,
        primaryEmail: user.primaryEmail,
        passkeyAuthEnabled: user.passkeyAuthEnabled,
      }
    );
  },
};

(globalThis as unknown as { authTest: typeof authTest }).authTest = authTest;

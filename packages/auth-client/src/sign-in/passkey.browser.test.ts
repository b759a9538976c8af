/**
 * Passkeys in a real browser: the system Chromium (playwright-core, never a downloaded browser) with
 * its virtual authenticator (CDP `WebAuthn.*`) opens a page on a loopback port that serves both the
 * auth API and the client library bundled with esbuild; the page registers a passkey and later signs
 * in with it through `navigator.credentials`. Without Chromium this file skips and says so.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { serve } from "@hono/node-server";
import { build } from "esbuild";
import { Hono } from "hono";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .filter((path): path is string => !!path)
  .find((path) => existsSync(path));

if (!chromiumPath) {
  process.stderr.write(
    "\n!! NO CHROMIUM FOUND: the passkey browser test (auth-client) is SKIPPED. apt-get install -y chromium\n\n",
  );
}

type Outcome = { status: "ok"; data: unknown } | { status: "error"; code: string; message: string };

interface PageApi {
  signUp(email: string, password: string): Promise<Outcome>;
  registerPasskey(): Promise<Outcome>;
  signInWithPasskey(): Promise<Outcome>;
  signOut(): Promise<void>;
  getUser(): Promise<{
    id: string;
    primaryEmail: string | null;
    passkeyAuthEnabled: boolean;
  } | null>;
}

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  userHandle: string;
  signCount: number;
}

async function bundlePageScript(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("../testing/passkey-page.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild produced no bundle");
  return output.text;
}

describe.skipIf(!chromiumPath)("passkeys in Chromium with a virtual authenticator", () => {
  let t: TestAuthApi;
  let server: ReturnType<typeof serve>;
  let browser: Browser;
  let page: Page;
  let pageUrl: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestAuthApi();
    const project = await t.createProject({
      displayName: "Heritage Passkeys",
      config: { auth: { passkey: { allowSignIn: true } } },
    });
    projectId = project.id;
    const script = await bundlePageScript();
    const root = new Hono();
    root.get("/", (c) =>
      c.html(
        `<!doctype html><html><head><title>passkeys</title><script>globalThis.authTestConfig = ${JSON.stringify(
          { projectId: project.id, publishableClientKey: project.keys.publishableClientKey },
        )};</script><script type="module" src="/page.js"></script></head><body></body></html>`,
      ),
    );
    root.get("/page.js", (c) => c.body(script, 200, { "content-type": "text/javascript" }));
    root.route("/", t.app);
    server = await new Promise((resolve) => {
      const started = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () =>
        resolve(started),
      );
    });
    const { port } = server.address() as AddressInfo;
    // `localhost`, not an IP: an RP id must be a domain, and localhost is a secure context.
    pageUrl = `http://localhost:${port}/`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  /** A fresh page with its own virtual authenticator; returns the CDP session to inspect it. */
  async function openPage() {
    page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(pageUrl);
    await page.waitForFunction(() => "authTest" in globalThis);
    const credentials = async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId }))
        .credentials as VirtualCredential[];
    return { cdp, authenticatorId, credentials };
  }

  const call = <K extends keyof PageApi>(name: K, ...args: Parameters<PageApi[K]>) =>
    page.evaluate(
      ([method, params]) =>
        (
          (globalThis as unknown as { authTest: Record<string, (...a: unknown[]) => unknown> })
            .authTest[method as string] as (...a: unknown[]) => unknown
        )(...(params as unknown[])),
      [name, args] as const,
    ) as ReturnType<PageApi[K]>;

  it("registers a passkey and signs in with it through navigator.credentials", async () => {
    const { credentials } = await openPage();
    const email = "browser-passkey@example.org";
    expect(await call("signUp", email, "password 1234")).toMatchObject({ status: "ok" });
    const user = await call("getUser");
    expect(user).toMatchObject({ primaryEmail: email, passkeyAuthEnabled: false });

    expect(await call("registerPasskey")).toEqual({ status: "ok", data: null });
    expect(await call("getUser")).toMatchObject({ passkeyAuthEnabled: true });
    const [credential, ...others] = await credentials();
    expect(others).toEqual([]);
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    // The authenticator holds our user id as the WebAuthn user handle (1..64 bytes).
    expect(Buffer.from(credential?.userHandle ?? "", "base64").toString("utf8")).toBe(user?.id);

    await call("signOut");
    expect(await call("getUser")).toBeNull();
    const signedIn = await call("signInWithPasskey");
    expect(signedIn).toEqual({ status: "ok", data: { userId: user?.id, isNewUser: false } });
    expect(await call("getUser")).toMatchObject({ id: user?.id, primaryEmail: email });
    expect((await credentials())[0]?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
    await page.close();
  });

  it("refuses a passkey the server no longer knows (PASSKEY_AUTHENTICATION_FAILED)", async () => {
    const { credentials } = await openPage();
    expect(await call("signUp", "browser-removed@example.org", "password 1234")).toMatchObject({
      status: "ok",
    });
    expect(await call("registerPasskey")).toMatchObject({ status: "ok" });
    const user = await call("getUser");
    // The server forgets the passkey (passkey_auth_enabled: false); the authenticator still has it.
    const removal = await t.request(`/users/${user?.id}`, {
      method: "PATCH",
      accessType: "server",
      projectId,
      body: { passkey_auth_enabled: false },
    });
    expect(removal.status).toBe(200);
    expect(await credentials()).toHaveLength(1);
    await call("signOut");
    expect(await call("signInWithPasskey")).toEqual({
      status: "error",
      code: "PASSKEY_AUTHENTICATION_FAILED",
      message: "Passkey not found",
    });
    expect(await call("getUser")).toBeNull();
    await page.close();
  });
});

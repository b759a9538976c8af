/**
 * The Content-Security-Policy is the second wall behind the HTML sanitiser (decisions 002 and
 * 011): should stored content ever reach a page unsanitised, its script must not run, neither in
 * the page as rendered (nonce policy) nor in the page the server keeps and serves to everyone
 * after (hash policy), while the page's own scripts still do. The sanitiser is bypassed here by
 * wrapping the web app's handler, as a flaw of the app would.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser";
import { waitForPageScript } from "./support/hydration";
import { newContext, seedContent } from "./support/journey-helpers";
import { startTestServer, type TestServer } from "./support/test-server";

/** What the attacker stored: an inline script and an inline event handler. */
const injected =
  '<script>window.__injected = "script";</script>' +
  '<img src="/missing.png" alt="" onerror="window.__injected = \'handler\'">';

describe.skipIf(!hasChromium)("an attacker's script in stored content", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        wrapWebHandler: (handler) => async (request, context) => {
          const response = await handler(request, context);
          if (new URL(request.url).pathname !== "/about" || response.status !== 200)
            return response;
          // The about page's rich text, as if it came through unsanitised.
          const html = (await response.text()).replace("<h1", `${injected}<h1`);
          return new Response(html, { status: response.status, headers: response.headers });
        },
      },
    );
    await seedContent(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Opens /about in a new browser context (nothing cached, so the server's answer is what the
   * page gets); returns the policy it came with, what the attacker's code left and the violations
   * Chromium reported.
   */
  async function openAbout() {
    const context = await newContext(browser);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { __violations?: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/about`);
    await page.waitForLoadState("load");
    await waitForPageScript(page);
    const seen = {
      policy: (await response?.headerValue("content-security-policy")) ?? "",
      cache: await response?.headerValue("x-page-cache"),
      injected: await page.evaluate(() => (window as { __injected?: string }).__injected ?? null),
      violations: await page.evaluate(
        () => (window as { __violations?: string[] }).__violations ?? [],
      ),
    };
    await context.close();
    return seen;
  }

  it("is refused by Chromium in the page as rendered and as stored, and the page still runs", async () => {
    const rendered = await openAbout();
    expect(rendered.cache).toBe("miss");
    expect(rendered.policy).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(rendered.injected).toBeNull();
    expect(rendered.violations).toEqual(expect.arrayContaining(["script-src-elem inline"]));

    // The server stores the page once its render has streamed out and been compressed.
    await expect
      .poll(async () => (await fetch(`${server.url}/about`)).headers.get("x-page-cache"))
      .toBe("hit");
    const stored = await openAbout();
    expect(stored.cache).toBe("hit");
    expect(stored.policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+ 'strict-dynamic';/);
    expect(stored.policy).not.toContain("'nonce-");
    // The page's own script ran (waitForPageScript), approved by its hash.
    expect(stored.injected).toBeNull();
    expect(stored.violations).toEqual(
      expect.arrayContaining(["script-src-elem inline", "script-src-attr inline"]),
    );
  });
});

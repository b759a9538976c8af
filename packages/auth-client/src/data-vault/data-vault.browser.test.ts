/**
 * Data vault crypto in a real browser (system Chromium through playwright-core, never a downloaded
 * browser): the bundled client library hashes keys and encrypts values with the browser's
 * WebCrypto, byte-compatible with Node's, both ways. Without Chromium this file skips and says so.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { build } from "esbuild";
import { Hono } from "hono";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decryptDataVaultValue,
  encryptDataVaultValue,
  hashDataVaultKey,
} from "./data-vault-crypto";

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .filter((path): path is string => !!path)
  .find((path) => existsSync(path));

if (!chromiumPath) {
  process.stderr.write(
    "\n!! NO CHROMIUM FOUND: the data vault browser test (auth-client) is SKIPPED.\n\n",
  );
}

describe.skipIf(!chromiumPath)("data vault crypto in Chromium", () => {
  let server: ReturnType<typeof serve>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("../testing/data-vault-page.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
    });
    const script = result.outputFiles[0]?.text ?? "";
    const root = new Hono();
    root.get("/", (c) =>
      c.html(
        '<!doctype html><html><head><script type="module" src="/page.js"></script></head></html>',
      ),
    );
    root.get("/page.js", (c) => c.body(script, 200, { "content-type": "text/javascript" }));
    server = await new Promise((resolve) => {
      const started = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () =>
        resolve(started),
      );
    });
    const { port } = server.address() as AddressInfo;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
    });
    page = await browser.newPage();
    // localhost is a secure context, which WebCrypto's subtle API requires.
    await page.goto(`http://localhost:${port}/`);
    await page.waitForFunction(() => "vaultTest" in globalThis);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  type VaultApi = {
    hashDataVaultKey(secret: string, key: string): Promise<string>;
    encryptDataVaultValue(secret: string, key: string, value: string): Promise<string>;
    decryptDataVaultValue(secret: string, key: string, value: string): Promise<string>;
  };

  const inPage = <K extends keyof VaultApi>(name: K, ...args: Parameters<VaultApi[K]>) =>
    page.evaluate(
      ([fn, fnArgs]) =>
        (
          (
            globalThis as unknown as {
              vaultTest: Record<string, (...a: string[]) => Promise<string>>;
            }
          ).vaultTest[fn] as (...a: string[]) => Promise<string>
        )(...fnArgs),
      [name, args as string[]] as const,
    );

  it("hashes keys as Node does", async () => {
    expect(await inPage("hashDataVaultKey", "s3cret", "user-1")).toBe(
      await hashDataVaultKey("s3cret", "user-1"),
    );
  });

  it("decrypts what Node encrypted and the other way round", async () => {
    const fromBrowser = await inPage("encryptDataVaultValue", "s3cret", "k", "héllo 🌍");
    expect(await decryptDataVaultValue("s3cret", "k", fromBrowser)).toBe("héllo 🌍");
    const fromNode = await encryptDataVaultValue("s3cret", "k", "from node");
    expect(await inPage("decryptDataVaultValue", "s3cret", "k", fromNode)).toBe("from node");
    await expect(inPage("decryptDataVaultValue", "wrong", "k", fromNode)).rejects.toThrow(
      /decryption failed/,
    );
  });
});

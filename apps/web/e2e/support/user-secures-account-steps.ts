/**
 * @module
 * Steps of the journey of a user who secures their account (user-secures-account.test.ts): an
 * authenticator app's code computed here on its own (RFC 6238 with node:crypto, not the code under
 * test), a QR code read from the pixels Chromium painted, keyboard-only presses, and Chromium's
 * virtual authenticator for passkeys.
 */
import { createHmac } from "node:crypto";
import type { BrowserContext, Locator, Page } from "playwright-core";
import decodeQR from "qr/decode.js";
import { expect } from "vitest";
import type { Credentials } from "./admin-auth-journey";
import { tabTo as tabOnTo } from "./user-works-keyboard";

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 key as authenticator apps take it (spaces and padding ignored). */
export function decodeBase32(key: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of key.toUpperCase().replace(/[\s=]/g, "")) {
    const digit = base32Alphabet.indexOf(char);
    if (digit < 0) throw new Error(`Not a base32 key: ${key}`);
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app shows for `secret` at `atMs` (SHA-1, 30 s steps). */
export function totpCodeAt(secret: Buffer, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** A 6-digit code that is no code of `secret` within two steps of now, whatever the server's window. */
export function wrongTotpCode(secret: Buffer): string {
  const now = Date.now();
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totpCodeAt(secret, now + step * 30_000)));
  let code = Number(totpCodeAt(secret, now));
  while (near.has(String(code).padStart(6, "0"))) code = (code + 1) % 1_000_000;
  return String(code).padStart(6, "0");
}

/**
 * Reads the QR code an `<img>` shows, as a phone camera would: Chromium paints the image into a
 * canvas (four pixels per module or so) and the `qr` package's decoder reads the pixels.
 */
export async function readQrCode(image: Locator): Promise<string> {
  const pixels = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = 300;
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas");
    context.drawImage(img, 0, 0, size, size);
    // The 360,000 bytes travel as one base64 string: as an array, Playwright serialised and
    // validated each number on its own, 3.5 s of the test process's CPU per QR code.
    const bytes = context.getImageData(0, 0, size, size).data;
    let binary = "";
    for (let start = 0; start < bytes.length; start += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
    }
    return { size, base64: btoa(binary) };
  });
  return decodeQR({
    width: pixels.size,
    height: pixels.size,
    data: new Uint8ClampedArray(Buffer.from(pixels.base64, "base64")),
  });
}

/**
 * Moves the focus with Tab only, from the top of the page, until `control` has it. Fails when Tab
 * never reaches it (a control a keyboard user cannot use).
 */
export async function tabTo(page: Page, control: Locator): Promise<void> {
  await control.waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabOnTo(page, control);
}

/** Tabs to `control` and presses `key` on it: the control works by keyboard. */
export async function pressByKeyboard(
  page: Page,
  control: Locator,
  key: "Enter" | "Space" = "Enter",
): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press(key);
}

/**
 * Whether the focus is inside `region`: after a control that had it goes away (a form replaced by
 * its result), a keyboard user must go on from there, not from the top of the page.
 */
export async function hasFocusWithin(region: Locator): Promise<boolean> {
  return region.evaluate((element) => element.contains(document.activeElement));
}

/** Types into `field`, which must have the focus already. */
export async function typeIntoFocused(page: Page, field: Locator, text: string): Promise<void> {
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(text);
}

/**
 * Signs in on /handler/sign-in with the keyboard alone: Tab to the e-mail field, type, Tab on to the
 * password, type, Enter sends the form. The page must show the form.
 */
export async function signInByKeyboard(page: Page, user: Credentials): Promise<void> {
  const email = page.getByLabel("Email");
  await tabTo(page, email);
  await typeIntoFocused(page, email, user.email);
  await page.keyboard.press("Tab");
  await typeIntoFocused(page, page.getByLabel("Password"), user.password);
  await page.keyboard.press("Enter");
}

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  userHandle: string;
}

/**
 * Gives the context's page a platform authenticator with user verification (as a phone's or a
 * laptop's screen lock), through Chromium's WebAuthn domain; returns a reader of its credentials.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<() => Promise<VirtualCredential[]>> {
  const cdp = await context.newCDPSession(page);
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
  return async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId }))
      .credentials as VirtualCredential[];
}

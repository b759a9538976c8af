// @vitest-environment jsdom
/**
 * The account settings sections past profile, e-mails and password: sessions, two-factor
 * authentication, passkey and API keys, each against a fake server that keeps its state.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  click,
  fieldError,
  getButton,
  getInput,
  knownError,
  type RecordedRequest,
  type RenderedHandler,
  renderHandler,
  settle,
  submit,
  text,
  typeInto,
  userId,
  wireProject,
  wireUser,
} from "../handler-test-harness";
import { computeTotpCode } from "./totp-code";
import { toQrCodeDataUrl } from "./totp-qr-code";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

const emptyChannels = {
  "GET /contact-channels": () => Response.json({ items: [], is_paginated: false }),
};

/**
 * Settles until `isDone`: checking a TOTP code hashes on Node's thread pool, which a busy machine
 * slows past a fixed number of ticks.
 */
async function settleUntil(isDone: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !isDone(); round++) await settle();
}

function headings(container: HTMLElement): string[] {
  return [...container.querySelectorAll("h2")].map((h) => h.textContent ?? "");
}

describe("sessions", () => {
  const currentId = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
  const otherId = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

  it("lists the sessions and signs out another one", async () => {
    let sessions = [
      {
        id: currentId,
        user_id: userId,
        created_at: 1_700_000_000_000,
        last_used_at: 1_700_000_100_000,
        is_impersonation: false,
        is_current_session: true,
      },
      {
        id: otherId,
        user_id: userId,
        created_at: 1_690_000_000_000,
        last_used_at: 1_690_000_100_000,
        is_impersonation: false,
        is_current_session: false,
      },
    ];
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...emptyChannels,
        "GET /auth/sessions": () => Response.json({ items: sessions, is_paginated: false }),
        [`DELETE /auth/sessions/${otherId}`]: () => {
          sessions = sessions.filter((s) => s.id !== otherId);
          return Response.json({ success: true });
        },
      },
    });
    const section = [...page.container.querySelectorAll("section")].find(
      (s) => s.querySelector("h2")?.textContent === "Sessions",
    ) as HTMLElement;
    expect(section.querySelectorAll("li")).toHaveLength(2);
    expect(text(section)).toContain("(this session)");
    // Only the other session has a sign-out button.
    const buttons = [...section.querySelectorAll("button")];
    expect(buttons).toHaveLength(1);
    (buttons[0] as HTMLButtonElement).focus();
    await click(buttons[0] as HTMLButtonElement);
    expect(page.requestsTo(`DELETE /auth/sessions/${otherId}`)).toHaveLength(1);
    expect(section.querySelectorAll("li")).toHaveLength(1);
    expect(text(section)).toContain("The session has been signed out.");
    // The focused button went with its session: the focus stays in the section.
    expect(document.activeElement).toBe(section.querySelector("h2"));
  });
});

describe("two-factor authentication", () => {
  it("turns TOTP on only with a current code of the new key", async () => {
    let user = wireUser();
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...emptyChannels,
        "GET /users/me": () => Response.json(user),
        "PATCH /users/me": ({ body }: RecordedRequest) => {
          user = wireUser({ requires_totp_mfa: body?.totp_secret_base64 !== null });
          return Response.json(user);
        },
      },
    });
    const turnOn = getButton(page.container, "Turn on two-factor authentication");
    turnOn.focus();
    await click(turnOn);
    // The pressed button made way for the set-up: the focus goes to the section's heading.
    expect(document.activeElement?.textContent).toBe("Two-factor authentication");
    const key = page.container.querySelector("[data-totp-key]")?.textContent ?? "";
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const link = [...page.container.querySelectorAll("a")].find((a) =>
      a.getAttribute("href")?.startsWith("otpauth://totp/"),
    );
    expect(link?.getAttribute("href")).toContain("issuer=Heritage");
    // The same link as a QR code to scan, named for screen readers (totp-qr-code.test.ts reads it).
    const qrCode = page.container.querySelector("img[data-totp-qr-code]");
    expect(qrCode?.getAttribute("alt")).toBe("QR code of the key for your authenticator app");
    expect(qrCode?.getAttribute("src")).toBe(toQrCodeDataUrl(link?.getAttribute("href") ?? ""));

    await typeInto(getInput(page.container, "Code from your app"), "000000");
    await submit(getButton(page.container, "Confirm and turn on"));
    const codeField = getInput(page.container, "Code from your app");
    const section = codeField.closest("section") as HTMLElement;
    await settleUntil(() => fieldError(codeField) !== null);
    expect(fieldError(getInput(page.container, "Code from your app"))).toBe(
      "This is not the current code of the key. Please check your app.",
    );
    expect(page.requestsTo("PATCH /users/me")).toEqual([]);

    // The key shown is the secret: its code (computed as an app would) turns TOTP on.
    const secretBase32 = key.replace(/ /g, "");
    const bytes: number[] = [];
    let bits = 0;
    let value = 0;
    for (const char of secretBase32) {
      value = (value << 5) | "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(char);
      bits += 5;
      if (bits >= 8) {
        bytes.push((value >>> (bits - 8)) & 255);
        bits -= 8;
      }
    }
    const secretBase64 = btoa(String.fromCharCode(...bytes));
    await typeInto(
      getInput(page.container, "Code from your app"),
      await computeTotpCode(secretBase64, Date.now()),
    );
    await submit(getButton(page.container, "Confirm and turn on"));
    await settleUntil(() => text(section).includes("Two-factor authentication is on."));
    expect(page.requestsTo("PATCH /users/me")[0]?.body).toEqual({
      totp_secret_base64: secretBase64,
    });
    expect(text(page.container)).toContain("Two-factor authentication is on.");
    expect(document.activeElement?.textContent).toBe("Two-factor authentication");

    const turnOff = getButton(page.container, "Turn off two-factor authentication");
    turnOff.focus();
    await click(turnOff);
    expect(page.requestsTo("PATCH /users/me")[1]?.body).toEqual({ totp_secret_base64: null });
    expect(text(page.container)).toContain("Two-factor authentication is off.");
    expect(document.activeElement?.textContent).toBe("Two-factor authentication");
  });
});

describe("passkey and API keys follow the project's config", () => {
  it("hides both when the project allows neither", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: emptyChannels });
    expect(headings(page.container)).toEqual([
      "Profile",
      "E-mails",
      "Password",
      "Two-factor authentication",
      "Sessions",
      "Teams",
    ]);
  });

  it("shows a passkey's failure from the browser as an alert", async () => {
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...emptyChannels,
        "GET /projects/current": () => Response.json(wireProject({ passkey_enabled: true })),
        "POST /auth/passkey/initiate-passkey-registration": () =>
          knownError(
            "PASSKEY_AUTHENTICATION_NOT_ENABLED",
            "Passkey authentication is not enabled.",
          ),
      },
    });
    expect(headings(page.container)).toContain("Passkey");
    const add = getButton(page.container, "Add a passkey");
    add.focus();
    await click(add);
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain(
      "Passkey authentication is not enabled",
    );
    // The button was disabled while waiting: the focus is in the section, not lost to the page.
    expect(document.activeElement?.closest("section")?.querySelector("h2")?.textContent).toBe(
      "Passkey",
    );
  });

  it("lists, creates (showing the value once) and revokes API keys", async () => {
    const keyId = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
    let keys: Record<string, unknown>[] = [];
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...emptyChannels,
        "GET /projects/current": () => Response.json(wireProject({ allow_user_api_keys: true })),
        "GET /user-api-keys": () => Response.json({ items: keys, is_paginated: false }),
        "POST /user-api-keys": ({ body }: RecordedRequest) => {
          const key = {
            id: keyId,
            description: body?.description,
            created_at_millis: Date.now(),
            ...(typeof body?.expires_at_millis === "number"
              ? { expires_at_millis: body.expires_at_millis }
              : {}),
            is_public: false,
            type: "user",
            user_id: userId,
          };
          keys = [{ ...key, value: { last_four: "wxyz" } }];
          return Response.json({ ...key, value: "sk_user_full_value_wxyz" });
        },
        [`PATCH /user-api-keys/${keyId}`]: () => {
          keys = keys.map((k) => ({ ...k, manually_revoked_at_millis: Date.now() }));
          return Response.json(keys[0]);
        },
      },
    });
    expect(text(page.container)).toContain("You have no API keys.");
    await typeInto(getInput(page.container, "Expires after (days)"), "0");
    await submit(getButton(page.container, "Create API key"));
    expect(fieldError(getInput(page.container, "Key description"))).toBe(
      "Please describe what the key is for.",
    );
    expect(fieldError(getInput(page.container, "Expires after (days)"))).toContain(
      "from 1 to 3650",
    );
    expect(page.requestsTo("POST /user-api-keys")).toEqual([]);

    await typeInto(getInput(page.container, "Key description"), "Backups");
    await typeInto(getInput(page.container, "Expires after (days)"), "30");
    await submit(getButton(page.container, "Create API key"));
    const sent = page.requestsTo("POST /user-api-keys")[0]?.body;
    expect(sent?.description).toBe("Backups");
    expect(Number(sent?.expires_at_millis) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(page.container.querySelector("[data-new-api-key]")?.textContent).toBe(
      "sk_user_full_value_wxyz",
    );
    expect(text(page.container)).toContain("Backups (ending wxyz, expires");

    await click(getButton(page.container, "Revoke Backups"));
    expect(page.requestsTo(`PATCH /user-api-keys/${keyId}`)[0]?.body).toEqual({ revoked: true });
    expect(text(page.container)).toContain("Backups (ending wxyz, revoked)");
  });
});

// @vitest-environment jsdom
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
  submit,
  text,
  typeInto,
  userId,
  wireUser,
} from "../handler-test-harness";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

function wireChannel(id: string, value: string, fields: Record<string, boolean> = {}) {
  return {
    id,
    user_id: userId,
    value,
    type: "email",
    used_for_auth: false,
    is_verified: false,
    is_primary: false,
    ...fields,
  };
}

const primaryId = "11111111-1111-4111-8111-111111111111";
const secondId = "22222222-2222-4222-8222-222222222222";

/** A fake server keeping the channel list, so the page's reloads see each change. */
function channelRoutes() {
  let channels = [
    wireChannel(primaryId, "ana@example.org", {
      is_primary: true,
      is_verified: true,
      used_for_auth: true,
    }),
    wireChannel(secondId, "old@example.org"),
  ];
  return {
    "GET /contact-channels": () => Response.json({ items: channels, is_paginated: false }),
    "POST /contact-channels": ({ body }: RecordedRequest) => {
      if (body?.value === "taken@example.org") {
        return knownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", "x", 409, {
          type: "email",
          contact_channel_value: "taken@example.org",
        });
      }
      const created = wireChannel("33333333-3333-4333-8333-333333333333", String(body?.value));
      channels = [...channels, created];
      return Response.json(created, { status: 201 });
    },
    [`PATCH /contact-channels/me/${secondId}`]: () => {
      channels = channels.map((c) => ({ ...c, is_primary: c.id === secondId }));
      return Response.json(channels.find((c) => c.id === secondId));
    },
    [`DELETE /contact-channels/me/${secondId}`]: () => {
      channels = channels.filter((c) => c.id !== secondId);
      return Response.json({ success: true });
    },
    [`POST /contact-channels/me/${secondId}/send-verification-code`]: () =>
      Response.json({ success: true }),
  };
}

describe("/handler/account-settings", () => {
  it("sends a signed-out visitor to sign-in, to come back here", async () => {
    page = await renderHandler("account-settings");
    expect(page.navigations).toEqual([
      {
        to: "/handler/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings",
        replace: true,
      },
    ]);
  });

  it("saves the display name", async () => {
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...channelRoutes(),
        "PATCH /users/me": ({ body }) =>
          Response.json(wireUser({ display_name: body?.display_name })),
      },
    });
    const name = getInput(page.container, "Display name");
    expect(name.value).toBe("Ana");
    await typeInto(name, "Ana Marić");
    await submit(getButton(page.container, "Save name"));
    expect(page.requestsTo("PATCH /users/me")[0]?.body).toEqual({ display_name: "Ana Marić" });
    expect(text(page.container)).toContain("Your name has been saved.");
  });

  it("lists the e-mails and verifies, makes primary and removes one", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: channelRoutes() });
    const items = () =>
      [...(page?.container.querySelectorAll("li") ?? [])].map(
        (li) => li.querySelector("span")?.textContent,
      );
    expect(items()).toEqual([
      "ana@example.org (Primary, Verified, Used for sign-in)",
      "old@example.org (Not verified)",
    ]);
    // The primary address cannot be removed or made primary again.
    expect(() => getButton(page?.container as HTMLElement, "Remove ana@example.org")).toThrow();

    await click(getButton(page.container, "Send verification link to old@example.org"));
    expect(
      page.requestsTo(`POST /contact-channels/me/${secondId}/send-verification-code`)[0]?.body,
    ).toEqual({ callback_url: "http://localhost:3000/handler/email-verification" });
    expect(text(page.container)).toContain("A verification link has been sent to old@example.org.");

    await click(getButton(page.container, "Make primary: old@example.org"));
    expect(page.requestsTo(`PATCH /contact-channels/me/${secondId}`)[0]?.body).toEqual({
      is_primary: true,
    });
    expect(items()[1]).toBe("old@example.org (Primary, Not verified)");

    await page.unmount();
    page = await renderHandler("account-settings", { signedIn: true, routes: channelRoutes() });
    await click(getButton(page.container, "Remove old@example.org"));
    expect(page.requestsTo(`DELETE /contact-channels/me/${secondId}`)).toHaveLength(1);
    expect(items()).toEqual(["ana@example.org (Primary, Verified, Used for sign-in)"]);
  });

  it("adds an e-mail, and shows a taken one on the field", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: channelRoutes() });
    const field = getInput(page.container, "Add an e-mail");
    await submit(getButton(page.container, "Add e-mail"));
    expect(fieldError(field)).toBe("Please enter an e-mail address.");
    expect(document.activeElement).toBe(field);
    await typeInto(field, "taken@example.org");
    await submit(getButton(page.container, "Add e-mail"));
    expect(fieldError(field)).toContain("taken@example.org");
    await typeInto(field, "new@example.org");
    await submit(getButton(page.container, "Add e-mail"));
    expect(page.requestsTo("POST /contact-channels").at(-1)?.body).toEqual({
      user_id: "me",
      type: "email",
      value: "new@example.org",
      used_for_auth: false,
    });
    expect(text(page.container)).toContain("new@example.org (Not verified)");
  });

  it("changes the password with the current one", async () => {
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...channelRoutes(),
        "POST /auth/password/update": ({ body }) =>
          body?.old_password === "right password"
            ? Response.json({ success: true })
            : knownError("PASSWORD_CONFIRMATION_MISMATCH", "Passwords do not match."),
      },
    });
    const old = getInput(page.container, "Current password");
    await typeInto(getInput(page.container, "New password"), "a new password");
    await typeInto(getInput(page.container, "Repeat new password"), "a new password");
    await submit(getButton(page.container, "Change password"));
    expect(fieldError(old)).toBe("Please enter your current password.");
    await typeInto(old, "wrong password");
    await submit(getButton(page.container, "Change password"));
    expect(fieldError(old)).toBe("The current password is not correct.");
    expect(document.activeElement).toBe(old);
    await typeInto(old, "right password");
    await typeInto(getInput(page.container, "New password"), "a new password");
    await typeInto(getInput(page.container, "Repeat new password"), "a new password");
    await submit(getButton(page.container, "Change password"));
    expect(page.requestsTo("POST /auth/password/update").at(-1)?.body).toEqual({
      old_password: "right password",
      new_password: "a new password",
    });
    expect(text(page.container)).toContain("Your password has been changed.");
  });

  it("sets a password when the account has none", async () => {
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: {
        ...channelRoutes(),
        "GET /users/me": () => Response.json(wireUser({ has_password: false })),
        "POST /auth/password/set": () => Response.json({ success: true }),
      },
    });
    expect(() => getInput(page?.container as HTMLElement, "Current password")).toThrow();
    await typeInto(getInput(page.container, "New password"), "short");
    await typeInto(getInput(page.container, "Repeat new password"), "short");
    await submit(getButton(page.container, "Set password"));
    expect(fieldError(getInput(page.container, "New password"))).toBe(
      "Password too short. Minimum length is 8.",
    );
    await typeInto(getInput(page.container, "New password"), "long enough");
    await typeInto(getInput(page.container, "Repeat new password"), "long enough");
    await submit(getButton(page.container, "Set password"));
    expect(page.requestsTo("POST /auth/password/set")[0]?.body).toEqual({
      password: "long enough",
    });
    expect(text(page.container)).toContain("Your password has been set.");
  });
});

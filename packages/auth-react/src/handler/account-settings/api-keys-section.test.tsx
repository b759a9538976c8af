// @vitest-environment jsdom
/**
 * Account settings, API keys: the new key's value is shown once with a button that copies it, and
 * a browser that refuses the clipboard is told so (issue 7: the browser journey found no way to
 * copy the key but selecting it by hand).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getButton,
  getInput,
  type RecordedRequest,
  type RenderedHandler,
  renderHandler,
  submit,
  text,
  typeInto,
  userId,
  wireProject,
} from "../handler-test-harness";

const keyId = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const fullValue = "sk_user_full_value_wxyz";
let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
  vi.unstubAllGlobals();
});

function keyRoutes() {
  let keys: Record<string, unknown>[] = [];
  return {
    "GET /contact-channels": () => Response.json({ items: [], is_paginated: false }),
    "GET /projects/current": () => Response.json(wireProject({ allow_user_api_keys: true })),
    "GET /user-api-keys": () => Response.json({ items: keys, is_paginated: false }),
    "POST /user-api-keys": ({ body }: RecordedRequest) => {
      const key = {
        id: keyId,
        description: body?.description,
        created_at_millis: Date.now(),
        is_public: false,
        type: "user",
        user_id: userId,
      };
      keys = [{ ...key, value: { last_four: "wxyz" } }];
      return Response.json({ ...key, value: fullValue });
    },
  };
}

async function createKey(): Promise<RenderedHandler> {
  const rendered = await renderHandler("account-settings", {
    signedIn: true,
    routes: keyRoutes(),
  });
  await typeInto(getInput(rendered.container, "Key description"), "Backups");
  await submit(getButton(rendered.container, "Create API key"));
  return rendered;
}

function withClipboard(writeText: (value: string) => Promise<void>) {
  vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
}

describe("account settings: a new API key", () => {
  it("copies the value shown once to the clipboard", async () => {
    const written: string[] = [];
    withClipboard(async (value) => {
      written.push(value);
    });
    page = await createKey();
    expect(page.container.querySelector("[data-new-api-key]")?.textContent).toBe(fullValue);
    expect(text(page.container)).not.toContain("Copied to the clipboard.");

    await click(getButton(page.container, "Copy key"));
    expect(written).toEqual([fullValue]);
    expect(text(page.container)).toContain("Copied to the clipboard.");
  });

  it("says so when the browser refuses the clipboard, and keeps the value shown", async () => {
    withClipboard(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    page = await createKey();
    await click(getButton(page.container, "Copy key"));
    expect(text(page.container)).toContain(
      "The key could not be copied here: please select it and copy it yourself.",
    );
    expect(text(page.container)).not.toContain("Copied to the clipboard.");
    expect(page.container.querySelector("[data-new-api-key]")?.textContent).toBe(fullValue);
  });

  it("the list afterwards shows only the key's last four characters", async () => {
    page = await createKey();
    const section = [...page.container.querySelectorAll("section")].find(
      (element) => element.querySelector("h2")?.textContent === "API keys",
    );
    const list = section?.querySelector("ul");
    expect(list?.textContent).toContain("Backups (ending wxyz, never expires)");
    expect(list?.textContent).not.toContain(fullValue);
  });
});

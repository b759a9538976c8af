// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  click,
  getButton,
  knownError,
  type RenderedHandler,
  renderHandler,
  text,
} from "./handler-test-harness";

const code = "t".repeat(45);
const teamId = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

const details = {
  "POST /team-invitations/accept/details": () =>
    Response.json({ team_id: teamId, team_display_name: "Archive" }),
};

describe("/handler/team-invitation", () => {
  it("asks a signed-out visitor to sign in and come back to this link", async () => {
    page = await renderHandler("team-invitation", { search: `code=${code}` });
    const link = page.container.querySelector("a");
    expect(link?.textContent).toBe("Sign in");
    expect(link?.getAttribute("href")).toBe(
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent(`/handler/team-invitation?code=${code}`)}`,
    );
    expect(page.requestsTo("POST /team-invitations/accept/details")).toEqual([]);
  });

  it("names the team and joins it", async () => {
    page = await renderHandler("team-invitation", {
      search: `code=${code}`,
      signedIn: true,
      routes: {
        ...details,
        "POST /team-invitations/accept": () => Response.json({ success: true }),
      },
    });
    expect(text(page.container)).toContain("You have been invited to join Archive.");
    await click(getButton(page.container, "Join team"));
    expect(page.requestsTo("POST /team-invitations/accept")[0]?.body).toEqual({ code });
    expect(page.container.querySelector('[role="status"]')?.textContent).toBe(
      "You have joined Archive.",
    );
  });

  it("shows an invitation for another address as an alert and stays", async () => {
    page = await renderHandler("team-invitation", {
      search: `code=${code}`,
      signedIn: true,
      routes: {
        ...details,
        "POST /team-invitations/accept": () => knownError("TEAM_INVITATION_EMAIL_MISMATCH", "x"),
      },
    });
    await click(getButton(page.container, "Join team"));
    expect(page.container.querySelector('[role="alert"]')).not.toBeNull();
    expect(text(page.container)).toContain("You have been invited to join Archive.");
  });

  it.each([
    ["VERIFICATION_CODE_EXPIRED", "Link expired"],
    ["VERIFICATION_CODE_ALREADY_USED", "Link already used"],
    ["VERIFICATION_CODE_NOT_FOUND", "Invalid link"],
  ])("shows %s as its own state", async (errorCode, title) => {
    page = await renderHandler("team-invitation", {
      search: `code=${code}`,
      signedIn: true,
      routes: { "POST /team-invitations/accept/details": () => knownError(errorCode, "x") },
    });
    expect(page.container.querySelector("h1")?.textContent).toBe(title);
  });
});

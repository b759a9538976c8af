/**
 * A user creates a team in the account settings and invites a second user by e-mail; the second
 * user opens the mailed link, signs in, sees which team invites them, joins and finds the team in
 * their own account settings, then leaves it. Someone else with the forwarded link cannot join; a
 * used or unknown invitation code shows the error state. Each form is driven by keyboard at least once, and every page state passes axe
 * (auth-platform spec sections 2 and 3, contract §2.7–§2.9; issue 7).
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./admin-auth-journey";
import { hasChromium, launchBrowser } from "./browser";
import { startTestServer, type TestServer } from "./test-server";
import { pressOn, tabTo } from "./user-works-keyboard";
import {
  createSiteUser,
  openSiteProjectApi,
  overrideSiteProjectConfig,
  readMailFromOutbox,
} from "./user-works-site-project";

const owner = { email: "team.owner@example.org", password: "owner-horse-battery" };
const member = {
  email: "team.member@example.org",
  password: "member-horse-battery",
  displayName: "Team Member",
};
const bystander = {
  email: "not.invited@example.org",
  password: "bystander-horse-battery",
  displayName: "Not Invited",
};
const teamName = "Archive Volunteers";

/** Signs in on /handler/sign-in (already open) by keyboard: type, Tab, type, Enter. */
async function signInByKeyboard(page: Page, user: { email: string; password: string }) {
  await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(user.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
}

describe.skipIf(!hasChromium)("a user works in teams", () => {
  let server: TestServer;
  let browser: Browser;
  let ownerPage: Page;
  let memberContext: BrowserContext;
  let memberPage: Page;
  let ownerErrors: string[];
  let memberErrors: string[];
  let invitationLink: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password }),
      launchBrowser(),
    ]);
    const api = await openSiteProjectApi(server);
    await overrideSiteProjectConfig(api, { "teams.allowClientTeamCreation": true });
    await createSiteUser(api, member);
    await createSiteUser(api, bystander);
    ({ page: ownerPage, errors: ownerErrors } = await newAdminPage(browser));
    ({
      context: memberContext,
      page: memberPage,
      errors: memberErrors,
    } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const teams = (page: Page) => page.getByRole("region", { name: "Teams" });

  it("creates a team from the account settings by keyboard", async () => {
    await ownerPage.goto(`${server.url}/handler/sign-in`);
    await signInByKeyboard(ownerPage, owner);
    await ownerPage.waitForURL(`${server.url}/admin`);

    await ownerPage.goto(`${server.url}/handler/account-settings`);
    await teams(ownerPage).getByText("You are in no team.").waitFor();
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, no team");

    const name = teams(ownerPage).getByLabel("New team name");
    await pressOn(ownerPage, name, "Enter");
    await teams(ownerPage).getByText("Please enter the team's name.").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, team name missing");

    await ownerPage.keyboard.type(teamName);
    await ownerPage.keyboard.press("Tab");
    const create = teams(ownerPage).getByRole("button", { name: "Create team" });
    expect(await create.evaluate((element) => element === document.activeElement)).toBe(true);
    await ownerPage.keyboard.press("Enter");
    await teams(ownerPage).getByText(`${teamName} has been created.`).waitFor();
    await teams(ownerPage).getByRole("listitem").filter({ hasText: teamName }).waitFor();
    expect(await name.inputValue()).toBe("");
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, one team");

    // The list comes from the server, not from the page's memory.
    await ownerPage.reload();
    await teams(ownerPage).getByRole("listitem").filter({ hasText: teamName }).waitFor();
  });

  it("invites the second user by e-mail, by keyboard, after a wrong address", async () => {
    const invite = teams(ownerPage).getByLabel(`Invite to ${teamName} (e-mail)`);
    await invite.fill("not-an-address");
    await pressOn(
      ownerPage,
      teams(ownerPage).getByRole("button", { name: "Send invitation" }),
      "Space",
    );
    await teams(ownerPage).getByText("Please enter a valid e-mail address.").waitFor();
    expect(await invite.getAttribute("aria-invalid")).toBe("true");

    await invite.fill(member.email);
    await pressOn(
      ownerPage,
      teams(ownerPage).getByRole("button", { name: "Send invitation" }),
      "Space",
    );
    await teams(ownerPage).getByText(`An invitation has been sent to ${member.email}.`).waitFor();
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, invitation sent");

    const mail = await readMailFromOutbox(server, member.email, "invited");
    expect(mail.subject).toBe(`You have been invited to join ${teamName}`);
    expect(mail.link.startsWith(`${server.url}/handler/team-invitation?code=`)).toBe(true);
    invitationLink = mail.link;
  });

  it("someone else who opens the forwarded link cannot join, and the link keeps working", async () => {
    const { context, page, errors } = await newAdminPage(browser);
    await page.goto(`${server.url}/handler/sign-in`);
    await signInByKeyboard(page, bystander);
    await page.waitForURL(`${server.url}/admin`);
    await page.goto(invitationLink);
    await page.getByText(`You have been invited to join ${teamName}.`).waitFor();
    await pressOn(page, page.getByRole("button", { name: "Join team" }), "Enter");
    await page
      .getByRole("alert")
      .filter({ hasText: knownErrors.teamInvitationEmailMismatch().message })
      .waitFor();
    await page.getByRole("button", { name: "Join team" }).waitFor();
    await expectNoAxeViolations(page, "/handler/team-invitation, invited address is not theirs");
    await page.goto(`${server.url}/handler/account-settings`);
    await teams(page).getByText("You are in no team.").waitFor();
    await context.close();
    // The refusal is a 403 answer, which the browser logs; nothing else may be.
    expect(errors.filter((error) => !error.includes("status of 403"))).toEqual([]);
  });

  it("the invited user signs in from the link, sees the team and joins by keyboard", async () => {
    await memberPage.goto(invitationLink);
    await memberPage
      .getByText("You have been invited to join a team. Please sign in to accept the invitation.")
      .waitFor();
    await expectNoAxeViolations(memberPage, "/handler/team-invitation, signed out");
    await memberPage.getByRole("link", { name: "Sign in" }).click();
    await signInByKeyboard(memberPage, member);

    // Back on the invitation after signing in.
    await memberPage.waitForURL(invitationLink);
    await memberPage.getByText(`You have been invited to join ${teamName}.`).waitFor();
    await expectNoAxeViolations(memberPage, "/handler/team-invitation, invited");
    await pressOn(memberPage, memberPage.getByRole("button", { name: "Join team" }), "Enter");
    await memberPage.getByText(`You have joined ${teamName}.`).waitFor();
    await expectNoAxeViolations(memberPage, "/handler/team-invitation, joined");

    await memberPage.goto(`${server.url}/handler/account-settings`);
    await teams(memberPage).getByRole("listitem").filter({ hasText: teamName }).waitFor();
    await expectNoAxeViolations(memberPage, "/handler/account-settings, joined a team");
  });

  it("a used or unknown invitation code shows the error state", async () => {
    await memberPage.goto(invitationLink);
    await memberPage.getByRole("heading", { name: "Link already used" }).waitFor();
    await memberPage
      .getByRole("alert")
      .filter({ hasText: "This link has already been used." })
      .waitFor();
    await expectNoAxeViolations(memberPage, "/handler/team-invitation, used code");

    await memberPage.goto(`${server.url}/handler/team-invitation?code=${"x".repeat(45)}`);
    await memberPage.getByRole("heading", { name: "Invalid link" }).waitFor();
    await memberPage.getByRole("alert").filter({ hasText: "This link is not valid." }).waitFor();
    await expectNoAxeViolations(memberPage, "/handler/team-invitation, unknown code");

    await memberPage.goto(`${server.url}/handler/team-invitation`);
    await memberPage.getByRole("heading", { name: "Invalid link" }).waitFor();
    await memberPage.getByText("This link is incomplete: it has no code.").waitFor();
  });

  it("the second user leaves the team by keyboard; the owner still has it", async () => {
    await memberPage.goto(`${server.url}/handler/account-settings`);
    await pressOn(
      memberPage,
      teams(memberPage).getByRole("button", { name: `Leave ${teamName}` }),
      "Enter",
    );
    await teams(memberPage).getByText(`You have left ${teamName}.`).waitFor();
    await teams(memberPage).getByText("You are in no team.").waitFor();
    await expectNoAxeViolations(memberPage, "/handler/account-settings, left the team");
    await memberPage.reload();
    await teams(memberPage).getByText("You are in no team.").waitFor();

    await ownerPage.reload();
    await teams(ownerPage).getByRole("listitem").filter({ hasText: teamName }).waitFor();

    await memberContext.close();
    // Used and unknown codes are answered 4xx, which the browser logs; nothing else may be.
    const unexpected = (errors: string[]) =>
      errors.filter((error) => !/status of (400|404|409)/.test(error));
    expect(unexpected(ownerErrors)).toEqual([]);
    expect(unexpected(memberErrors)).toEqual([]);
  });
});

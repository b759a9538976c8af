/**
 * A user creates a team in the account settings and invites a second user by e-mail; the second
 * user opens the mailed link, signs in, sees which team invites them, joins and finds the team in
 * their own account settings, then leaves it. Someone else with the forwarded link cannot join; a
 * used or unknown invitation code shows the error state. The member names themself in the team;
 * the owner makes the team current, creates, copies and revokes a team API key (checked over
 * HTTP), revokes an invitation, removes a member, renames the team and deletes it after a
 * confirmation. Each form is driven by keyboard at least once, and every page state passes axe
 * (auth-platform spec sections 2 and 3, contract §2.7–§2.12; issue 7).
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/test-server";
import { pressOn, tabTo } from "./support/user-works-keyboard";
import {
  createSiteUser,
  openSiteProjectApi,
  overrideSiteProjectConfig,
  readMailFromOutbox,
  type SiteProjectApi,
} from "./support/user-works-site-project";

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
const renamed = "Archive Friends";

async function isFocused(control: Locator): Promise<boolean> {
  return control.evaluate((element) => element === document.activeElement);
}

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
  let ownerContext: BrowserContext;
  let api: SiteProjectApi;
  let bystanderId: string;
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
    api = await openSiteProjectApi(server);
    await overrideSiteProjectConfig(api, {
      "teams.allowClientTeamCreation": true,
      "apiKeys.enabled.team": true,
    });
    await createSiteUser(api, member);
    ({ id: bystanderId } = await createSiteUser(api, bystander));
    ({ context: ownerContext, page: ownerPage, errors: ownerErrors } = await newAdminPage(browser));
    await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: server.url,
    });
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

  const teams = (page: Page) => page.getByRole("region", { name: "Teams", exact: true });
  /** A part of an open team panel, by its exact heading. */
  const part = (page: Page, name: string) => teams(page).getByRole("region", { name, exact: true });
  const openPanel = async (page: Page, name = teamName) => {
    const manage = teams(page).getByRole("button", { name: `Manage ${name}` });
    await pressOn(page, manage, "Enter");
    expect(await manage.getAttribute("aria-expanded")).toBe("true");
    await part(page, `Your profile in ${name}`).getByLabel("Your name in this team").waitFor();
  };

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
    await openPanel(ownerPage);
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, team panel open");
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
    await part(ownerPage, `Invitations to ${teamName}`)
      .getByText(`${member.email} (expires`)
      .waitFor();
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

  it("the member names themself in the team by keyboard; the owner sees the name", async () => {
    await openPanel(memberPage);
    // team_member may see the members and invite, nothing more.
    expect(await teams(memberPage).getByRole("button", { name: "Rename team" }).count()).toBe(0);
    expect(
      await teams(memberPage)
        .getByRole("button", { name: `Delete ${teamName}` })
        .count(),
    ).toBe(0);
    const field = part(memberPage, `Your profile in ${teamName}`).getByLabel(
      "Your name in this team",
    );
    await tabTo(memberPage, field);
    await memberPage.keyboard.press("ControlOrMeta+A");
    await memberPage.keyboard.type("Archive Helper");
    await memberPage.keyboard.press("Enter");
    await teams(memberPage).getByText(`Your name in ${teamName} has been saved.`).waitFor();
    await part(memberPage, `Members of ${teamName}`).getByText("Archive Helper (you)").waitFor();
    await expectNoAxeViolations(memberPage, "/handler/account-settings, member panel");

    await ownerPage.reload();
    await openPanel(ownerPage);
    await part(ownerPage, `Members of ${teamName}`).getByText("Archive Helper").waitFor();
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
  });

  it("the owner makes the team current and manages a team API key by keyboard", async () => {
    await ownerPage.reload();
    await pressOn(
      ownerPage,
      teams(ownerPage).getByRole("button", { name: `Select ${teamName} as your current team` }),
      "Enter",
    );
    await teams(ownerPage).getByText(`${teamName} is now your current team.`).waitFor();
    await teams(ownerPage).getByText(`${teamName} (current team)`).waitFor();
    // The pressed button is gone: the section's heading has the focus.
    expect(await isFocused(teams(ownerPage).getByRole("heading", { name: "Teams" }))).toBe(true);

    await openPanel(ownerPage);
    const keys = part(ownerPage, `API keys of ${teamName}`);
    await keys.getByText("The team has no API keys.").waitFor();
    await tabTo(ownerPage, keys.getByLabel("Key description"));
    await ownerPage.keyboard.type("Catalogue import");
    await ownerPage.keyboard.press("Enter");
    const shown = keys.locator("[data-new-api-key]");
    await shown.waitFor();
    const keyValue = (await shown.textContent()) ?? "";
    expect(keyValue).toMatch(/^sk_/);
    await keys.getByRole("listitem").filter({ hasText: "Catalogue import" }).waitFor();
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, new team API key");
    await pressOn(ownerPage, keys.getByRole("button", { name: "Copy key" }), "Enter");
    await keys.getByText("Copied to the clipboard.").waitFor();
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(keyValue);

    const check = () =>
      api.request("/team-api-keys/check", { method: "POST", body: { api_key: keyValue } });
    const accepted = await check();
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ description: "Catalogue import", type: "team" });

    await pressOn(
      ownerPage,
      keys.getByRole("button", { name: "Revoke Catalogue import" }),
      "Space",
    );
    await keys.getByText(`(ending ${keyValue.slice(-4)}, revoked)`).waitFor();
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, team API key revoked");
    const refused = await check();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-stack-known-error")).toBe("API_KEY_REVOKED");
  });

  it("the owner revokes an invitation and removes a member by keyboard", async () => {
    const teamsOfSite = (await (await api.request("/teams")).json()) as {
      items: { id: string; display_name: string }[];
    };
    const teamId = teamsOfSite.items.find((team) => team.display_name === teamName)?.id;
    // The site's operator adds a member directly (server access), as the removal's subject.
    const added = await api.request(`/team-memberships/${teamId}/${bystanderId}`, {
      method: "POST",
      body: {},
    });
    expect(added.status).toBe(201);

    await ownerPage.reload();
    await openPanel(ownerPage);
    const invitations = part(ownerPage, `Invitations to ${teamName}`);
    await tabTo(ownerPage, invitations.getByLabel(`Invite to ${teamName} (e-mail)`));
    await ownerPage.keyboard.type("someone.else@example.org");
    await ownerPage.keyboard.press("Enter");
    await invitations.getByText("someone.else@example.org (expires").waitFor();
    await pressOn(
      ownerPage,
      invitations.getByRole("button", {
        name: "Revoke the invitation to someone.else@example.org",
      }),
      "Enter",
    );
    await invitations
      .getByText("The invitation to someone.else@example.org has been revoked.")
      .waitFor();
    expect(await invitations.getByText("someone.else@example.org (expires").count()).toBe(0);
    expect(
      await isFocused(invitations.getByRole("heading", { name: `Invitations to ${teamName}` })),
    ).toBe(true);
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, invitation revoked");

    const members = part(ownerPage, `Members of ${teamName}`);
    await pressOn(
      ownerPage,
      members.getByRole("button", { name: `Remove ${bystander.displayName} from ${teamName}` }),
      "Enter",
    );
    await members
      .getByText(`${bystander.displayName} has been removed from ${teamName}.`)
      .waitFor();
    expect(await members.getByRole("listitem").count()).toBe(1);
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, member removed");
    const listed = (await (await api.request(`/teams?user_id=${bystanderId}`)).json()) as {
      items: { id: string }[];
    };
    expect(listed.items.map((team) => team.id)).not.toContain(teamId);
  });

  it("the owner renames the team, then deletes it after a confirmation, by keyboard", async () => {
    const nameField = teams(ownerPage).getByLabel("Team name", { exact: true });
    await tabTo(ownerPage, nameField);
    await ownerPage.keyboard.press("ControlOrMeta+A");
    await ownerPage.keyboard.type(renamed);
    await ownerPage.keyboard.press("Enter");
    await teams(ownerPage).getByText(`The team is now called ${renamed}.`).waitFor();
    await teams(ownerPage)
      .getByRole("button", { name: `Leave ${renamed}` })
      .waitFor();

    const remove = teams(ownerPage).getByRole("button", { name: `Delete ${renamed}` });
    await pressOn(ownerPage, remove, "Enter");
    const question = teams(ownerPage).getByText(`Delete ${renamed} for every member?`);
    await question.waitFor();
    expect(await isFocused(question)).toBe(true);
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, delete confirmation");
    // Tab past the confirming button to Cancel: nothing is deleted, the focus is back.
    await ownerPage.keyboard.press("Tab");
    await ownerPage.keyboard.press("Tab");
    await ownerPage.keyboard.press("Enter");
    expect(await isFocused(remove)).toBe(true);

    await ownerPage.keyboard.press("Enter");
    await question.waitFor();
    await ownerPage.keyboard.press("Tab");
    expect(
      await isFocused(teams(ownerPage).getByRole("button", { name: `Yes, delete ${renamed}` })),
    ).toBe(true);
    await ownerPage.keyboard.press("Enter");
    await teams(ownerPage).getByText(`${renamed} has been deleted.`).waitFor();
    await teams(ownerPage).getByText("You are in no team.").waitFor();
    await expectNoAxeViolations(ownerPage, "/handler/account-settings, team deleted");
    await ownerPage.reload();
    await teams(ownerPage).getByText("You are in no team.").waitFor();

    // Used and unknown codes are answered 4xx, which the browser logs; nothing else may be.
    const unexpected = (errors: string[]) =>
      errors.filter((error) => !/status of (400|404|409)/.test(error));
    expect(unexpected(ownerErrors)).toEqual([]);
    expect(unexpected(memberErrors)).toEqual([]);
  });
});

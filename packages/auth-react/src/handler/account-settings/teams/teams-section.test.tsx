// @vitest-environment jsdom
/**
 * Account settings, teams: the list with the current team, making another one current, leaving,
 * creating, and inviting from a team's panel (contract §2.7–§2.9).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  click,
  fieldError,
  getButton,
  getInput,
  type RenderedHandler,
  renderHandler,
  submit,
  text,
  typeInto,
} from "../../handler-test-harness";
import { otherTeamId, teamId, teamRoutes } from "./teams-fake-api";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

function rowOf(container: HTMLElement, name: string): HTMLElement {
  const row = [...container.querySelectorAll("li")].find(
    (item) => item.querySelector("strong")?.textContent === name,
  );
  if (!row) throw new Error(`No team row "${name}"`);
  return row;
}

describe("account settings: teams", () => {
  it("makes a team the current one, and leaves a team", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: teamRoutes() });
    expect(text(rowOf(page.container, "Archive"))).not.toContain("(current team)");
    expect(() => getButton(page?.container as HTMLElement, "Create team")).toThrow();

    await click(getButton(page.container, "Select Choir as your current team"));
    expect(page.requestsTo("PATCH /users/me")[0]?.body).toEqual({ selected_team_id: otherTeamId });
    expect(text(rowOf(page.container, "Choir"))).toContain("Choir (current team)");
    expect(() =>
      getButton(page?.container as HTMLElement, "Select Choir as your current team"),
    ).toThrow();
    expect(getButton(page.container, "Select Archive as your current team")).toBeTruthy();
    expect(text(page.container)).toContain("Choir is now your current team.");
    // The focused button is gone: the section's heading takes the focus.
    expect(document.activeElement?.textContent).toBe("Teams");

    await click(getButton(page.container, "Leave Archive"));
    expect(page.requestsTo(`DELETE /team-memberships/${teamId}/me`)).toHaveLength(1);
    expect(text(page.container)).toContain("You have left Archive.");
    expect(() => rowOf(page?.container as HTMLElement, "Archive")).toThrow();
  });

  it("creates a team when the project lets clients create them", async () => {
    page = await renderHandler("account-settings", {
      signedIn: true,
      routes: teamRoutes({ canCreate: true }),
    });
    await submit(getButton(page.container, "Create team"));
    expect(fieldError(getInput(page.container, "New team name"))).toBe(
      "Please enter the team's name.",
    );
    await typeInto(getInput(page.container, "New team name"), "Restorers");
    await submit(getButton(page.container, "Create team"));
    expect(page.requestsTo("POST /teams")[0]?.body).toMatchObject({ display_name: "Restorers" });
    expect(text(page.container)).toContain("Restorers has been created.");
    expect(getButton(page.container, "Leave Restorers")).toBeTruthy();
  });

  it("opens a team's panel and invites by e-mail with a link to the invitation page", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: teamRoutes() });
    const manage = getButton(page.container, "Manage Archive");
    expect(manage.getAttribute("aria-expanded")).toBe("false");
    expect(page.requestsTo("GET /team-member-profiles")).toHaveLength(0);
    await click(manage);
    expect(manage.getAttribute("aria-expanded")).toBe("true");
    const panel = page.container.ownerDocument.getElementById(
      manage.getAttribute("aria-controls") ?? "",
    );
    expect(panel && rowOf(page.container, "Archive").contains(panel)).toBe(true);

    const invite = getInput(page.container, "Invite to Archive (e-mail)");
    await submit(getButton(page.container, "Send invitation"));
    expect(fieldError(invite)).toBe("Please enter a valid e-mail address.");
    await typeInto(invite, "edin@example.org");
    await submit(getButton(page.container, "Send invitation"));
    expect(page.requestsTo("POST /team-invitations/send-code")[0]?.body).toEqual({
      email: "edin@example.org",
      team_id: teamId,
      callback_url: "http://localhost:3000/handler/team-invitation",
    });
    expect(text(page.container)).toContain("An invitation has been sent to edin@example.org.");
    expect(text(page.container)).toContain("edin@example.org (expires Jan 16, 2030)");

    await click(manage);
    expect(manage.getAttribute("aria-expanded")).toBe("false");
    expect(() => getInput(page?.container as HTMLElement, "Invite to Archive (e-mail)")).toThrow();
  });
});

// @vitest-environment jsdom
/**
 * Account settings, a team's panel: each action shown only with its team permission (contract
 * §2.11), the member list with profiles, the user's own team profile, removing a member, pending
 * invitations and revoking one, the team's API keys, renaming, and deleting after a confirmation,
 * with the focus kept where a keyboard user continues (contract §2.7–§2.12).
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
import {
  invitationId,
  memberId,
  memberPermissions,
  teamId,
  teamKeyId,
  teamKeyValue,
  teamRoutes,
} from "./teams-fake-api";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

async function openArchive(options: Parameters<typeof teamRoutes>[0] = {}) {
  const rendered = await renderHandler("account-settings", {
    signedIn: true,
    routes: teamRoutes(options),
  });
  await click(getButton(rendered.container, "Manage Archive"));
  return rendered;
}

/** The part of the page headed `title` (a section named by its heading). */
function region(container: HTMLElement, title: string): HTMLElement {
  const found = [...container.querySelectorAll("section")].find(
    (section) => section.querySelector("h2, h3")?.textContent === title,
  );
  if (!found) throw new Error(`No section "${title}"`);
  return found;
}

const has = (container: HTMLElement, button: string) => {
  try {
    getButton(container, button);
    return true;
  } catch {
    return false;
  }
};

describe("account settings: a team's panel", () => {
  it("shows a plain member only what team_member allows", async () => {
    page = await openArchive({ permissions: memberPermissions, teamKeys: true });
    expect(page.requestsTo("GET /team-permissions")).toHaveLength(1);
    expect(has(page.container, "Rename team")).toBe(false);
    expect(has(page.container, "Delete Archive")).toBe(false);
    expect(has(page.container, "Remove Edin from Archive")).toBe(false);
    expect(has(page.container, "Revoke the invitation to mirza@example.org")).toBe(false);
    expect(() => region(page?.container as HTMLElement, "API keys of Archive")).toThrow();
    expect(page.requestsTo("GET /team-api-keys")).toHaveLength(0);

    const members = region(page.container, "Members of Archive");
    expect(text(members)).toContain("Ana (you)");
    expect(text(members)).toContain("Edin");
    const picture = members.querySelector("img");
    expect(picture?.getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(picture?.getAttribute("alt")).toBe("");
    const invitations = region(page.container, "Invitations to Archive");
    expect(text(invitations)).toContain("mirza@example.org (expires Jan 15, 2030)");
    expect(getInput(invitations, "Invite to Archive (e-mail)")).toBeTruthy();
  });

  it("saves the user's own name in the team; the member list shows it", async () => {
    page = await openArchive({ permissions: memberPermissions });
    const name = getInput(page.container, "Your name in this team");
    expect(name.value).toBe("Ana");
    await typeInto(name, "x".repeat(257));
    await submit(getButton(page.container, "Save name in team"));
    expect(fieldError(name)).toBe("The name can have at most 256 characters.");
    expect(document.activeElement).toBe(name);
    expect(page.requestsTo(`PATCH /team-member-profiles/${teamId}/me`)).toHaveLength(0);

    await typeInto(name, "  Ana the archivist ");
    await submit(getButton(page.container, "Save name in team"));
    expect(page.requestsTo(`PATCH /team-member-profiles/${teamId}/me`)[0]?.body).toEqual({
      display_name: "Ana the archivist",
    });
    expect(text(page.container)).toContain("Your name in Archive has been saved.");
    expect(text(region(page.container, "Members of Archive"))).toContain("Ana the archivist (you)");
  });

  it("removes a member and revokes an invitation; the focus goes to the part's heading", async () => {
    page = await openArchive();
    expect(has(page.container, "Remove Ana from Archive")).toBe(false);
    const remove = getButton(page.container, "Remove Edin from Archive");
    remove.focus();
    await click(remove);
    expect(page.requestsTo(`DELETE /team-memberships/${teamId}/${memberId}`)).toHaveLength(1);
    const members = region(page.container, "Members of Archive");
    expect(members.querySelector("ul")?.textContent).toBe("Ana (you)");
    expect(text(members)).toContain("Edin has been removed from Archive.");
    expect(document.activeElement?.textContent).toBe("Members of Archive");

    const revoke = getButton(page.container, "Revoke the invitation to mirza@example.org");
    revoke.focus();
    await click(revoke);
    expect(page.requestsTo(`DELETE /team-invitations/${invitationId}`)).toHaveLength(1);
    const invitations = region(page.container, "Invitations to Archive");
    expect(text(invitations)).toContain("No invitation is waiting for an answer.");
    expect(text(invitations)).toContain("The invitation to mirza@example.org has been revoked.");
    expect(document.activeElement?.textContent).toBe("Invitations to Archive");
  });

  it("creates a team API key shown once, lists it by its last four, and revokes it", async () => {
    page = await openArchive({ teamKeys: true });
    const keys = region(page.container, "API keys of Archive");
    expect(text(keys)).toContain("The team has no API keys.");
    await submit(getButton(keys, "Create API key"));
    expect(fieldError(getInput(keys, "Key description"))).toBe(
      "Please describe what the key is for.",
    );
    await typeInto(getInput(keys, "Key description"), "Catalogue import");
    await submit(getButton(keys, "Create API key"));
    expect(page.requestsTo("POST /team-api-keys")[0]?.body).toEqual({
      description: "Catalogue import",
      expires_at_millis: null,
      team_id: teamId,
    });
    expect(keys.querySelector("[data-new-api-key]")?.textContent).toBe(teamKeyValue);
    expect(keys.querySelector("ul")?.textContent).toContain(
      "Catalogue import (ending t3am, never expires)",
    );

    // As a keyboard user would: the button has the focus when it is pressed.
    const revoke = getButton(keys, "Revoke Catalogue import");
    revoke.focus();
    await click(revoke);
    expect(page.requestsTo(`PATCH /team-api-keys/${teamKeyId}`)[0]?.body).toEqual({
      revoked: true,
    });
    expect(keys.querySelector("ul")?.textContent).toContain(
      "Catalogue import (ending t3am, revoked)",
    );
    expect(document.activeElement?.textContent).toBe("API keys of Archive");
  });

  it("renames the team", async () => {
    page = await openArchive();
    const name = getInput(page.container, "Team name");
    expect(name.value).toBe("Archive");
    await typeInto(name, " ");
    await submit(getButton(page.container, "Rename team"));
    expect(fieldError(name)).toBe("Please enter the team's name.");
    await typeInto(name, "Archive Volunteers");
    await submit(getButton(page.container, "Rename team"));
    expect(page.requestsTo(`PATCH /teams/${teamId}`)[0]?.body).toEqual({
      display_name: "Archive Volunteers",
    });
    expect(text(page.container)).toContain("The team is now called Archive Volunteers.");
    // The list shows the new name and the panel stays open.
    expect(getButton(page.container, "Leave Archive Volunteers")).toBeTruthy();
    expect(region(page.container, "Members of Archive Volunteers")).toBeTruthy();
  });

  it("deletes the team only after the confirmation; Cancel hands the focus back", async () => {
    page = await openArchive();
    await click(getButton(page.container, "Delete Archive"));
    expect(document.activeElement?.textContent).toContain("Delete Archive for every member?");
    await click(getButton(page.container, "Cancel"));
    expect(page.requestsTo(`DELETE /teams/${teamId}`)).toHaveLength(0);
    expect(document.activeElement).toBe(getButton(page.container, "Delete Archive"));

    await click(getButton(page.container, "Delete Archive"));
    await click(getButton(page.container, "Yes, delete Archive"));
    expect(page.requestsTo(`DELETE /teams/${teamId}`)).toHaveLength(1);
    expect(text(page.container)).toContain("Archive has been deleted.");
    expect(has(page.container, "Leave Archive")).toBe(false);
    expect(document.activeElement?.textContent).toBe("Teams");
  });
});

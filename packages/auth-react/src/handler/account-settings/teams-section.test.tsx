// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  click,
  fieldError,
  getButton,
  getInput,
  type RecordedRequest,
  type RenderedHandler,
  renderHandler,
  submit,
  text,
  typeInto,
  wireProject,
} from "../handler-test-harness";

const teamId = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

function wireTeam(id: string, name: string) {
  return {
    id,
    display_name: name,
    profile_image_url: null,
    client_metadata: null,
    client_read_only_metadata: null,
  };
}

function teamRoutes(canCreate: boolean) {
  let teams = [wireTeam(teamId, "Archive")];
  return {
    "GET /contact-channels": () => Response.json({ items: [], is_paginated: false }),
    "GET /projects/current": () =>
      Response.json(wireProject({ client_team_creation_enabled: canCreate })),
    "GET /teams": () => Response.json({ items: teams, is_paginated: false }),
    "POST /teams": ({ body }: RecordedRequest) => {
      const team = wireTeam("ffffffff-ffff-4fff-8fff-ffffffffffff", String(body?.display_name));
      teams = [...teams, team];
      return Response.json(team, { status: 201 });
    },
    "POST /team-invitations/send-code": () =>
      Response.json({ success: true, id: "99999999-9999-4999-8999-999999999999" }),
    [`DELETE /team-memberships/${teamId}/me`]: () => {
      teams = teams.filter((team) => team.id !== teamId);
      return Response.json({ success: true });
    },
  };
}

describe("account settings: teams", () => {
  it("invites by e-mail with a link to the invitation page, and leaves a team", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: teamRoutes(false) });
    expect(text(page.container)).toContain("Archive");
    expect(() => getButton(page?.container as HTMLElement, "Create team")).toThrow();
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

    await click(getButton(page.container, "Leave Archive"));
    expect(page.requestsTo(`DELETE /team-memberships/${teamId}/me`)).toHaveLength(1);
    expect(text(page.container)).toContain("You are in no team.");
  });

  it("creates a team when the project lets clients create them", async () => {
    page = await renderHandler("account-settings", { signedIn: true, routes: teamRoutes(true) });
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
});

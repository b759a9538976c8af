/**
 * Pictures sent as data URLs (issue 28 item 3): with a store, users, teams, team member profiles
 * and project logos keep and answer the stored file's URL, in the reference's folder for each;
 * bytes the store refuses are a 400 and change nothing; URLs and null pass through untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProfileImageFolder } from "../../services/images/profile-image-store";
import { expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

// The reference suite's 1x1 GIF.
const gifBase64 = "R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";
const gifDataUrl = `data:image/gif;base64,${gifBase64}`;
const notAnImage = `data:image/png;base64,${Buffer.from("not an image").toString("base64")}`;

/** What the store was given, and a stand-in for the media storage: GIFs only. */
const saved: { folder: ProfileImageFolder; bytes: Buffer }[] = [];
const store = {
  async save(folder: ProfileImageFolder, bytes: Uint8Array) {
    if (Buffer.from(bytes).subarray(0, 4).toString("latin1") !== "GIF8") return null;
    saved.push({ folder, bytes: Buffer.from(bytes) });
    return `https://files.example.org/${folder}/${saved.length}.gif`;
  },
};

let t: TestAuthApi;
let projectId: string;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi({ profileImages: store });
  projectId = (await t.createProject({ config: { teams: { allowClientTeamCreation: true } } })).id;
  ann = await t.signUpUser(projectId, { email: "ann@example.com" });
}, 60_000);
afterAll(() => t.close());

async function patchOwnPicture(profile_image_url: string | null) {
  return t.request("/users/me", {
    accessType: "client",
    projectId,
    accessToken: ann.accessToken,
    method: "PATCH",
    body: { profile_image_url },
  });
}

describe("a user's picture", () => {
  it("is kept as a file and answered as its URL, in lists too", async () => {
    const response = await patchOwnPicture(gifDataUrl);
    expect(response.status).toBe(200);
    const url = ((await response.json()) as { profile_image_url: string }).profile_image_url;
    expect(url).toMatch(/^https:\/\/files\.example\.org\/user-profile-images\/\d+\.gif$/);
    expect(saved.at(-1)).toEqual({
      folder: "user-profile-images",
      bytes: Buffer.from(gifBase64, "base64"),
    });
    const list = await t.request("/users", { accessType: "server", projectId });
    const items = ((await list.json()) as { items: { id: string; profile_image_url: string }[] })
      .items;
    expect(items.find((item) => item.id === ann.userId)?.profile_image_url).toBe(url);
  });

  it("refuses bytes that are not an image with a 400 and keeps the picture it had", async () => {
    const before = await t.request(`/users/${ann.userId}`, { accessType: "server", projectId });
    const { profile_image_url: kept } = (await before.json()) as { profile_image_url: string };
    const count = saved.length;
    await expectTextError(
      await patchOwnPicture(notAnImage),
      400,
      "Invalid image format or corrupted image data",
    );
    expect(saved.length).toBe(count);
    const after = await t.request(`/users/${ann.userId}`, { accessType: "server", projectId });
    expect(((await after.json()) as { profile_image_url: string }).profile_image_url).toBe(kept);
  });

  it("takes a URL from the server and null as they are, without the store", async () => {
    const count = saved.length;
    const response = await t.request(`/users/${ann.userId}`, {
      accessType: "server",
      projectId,
      method: "PATCH",
      body: { profile_image_url: "https://cdn.example.com/ann.png" },
    });
    expect(((await response.json()) as { profile_image_url: string }).profile_image_url).toBe(
      "https://cdn.example.com/ann.png",
    );
    const cleared = await patchOwnPicture(null);
    expect(((await cleared.json()) as { profile_image_url: null }).profile_image_url).toBeNull();
    expect(saved.length).toBe(count);
  });

  it("is stored when a server creates the user with one", async () => {
    const response = await t.request("/users", {
      accessType: "server",
      projectId,
      method: "POST",
      body: { primary_email: "bo@example.com", profile_image_url: gifDataUrl },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { profile_image_url: string }).profile_image_url).toMatch(
      /\/user-profile-images\/\d+\.gif$/,
    );
  });
});

describe("team pictures and project logos", () => {
  it("keep teams' and member profiles' pictures in their own folders", async () => {
    const created = await t.request("/teams", {
      accessType: "client",
      projectId,
      accessToken: ann.accessToken,
      method: "POST",
      body: { display_name: "Choir", creator_user_id: "me", profile_image_url: gifDataUrl },
    });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string; profile_image_url: string };
    expect(team.profile_image_url).toMatch(/\/team-profile-images\/\d+\.gif$/);

    const updated = await t.request(`/teams/${team.id}`, {
      accessType: "server",
      projectId,
      method: "PATCH",
      body: { profile_image_url: gifDataUrl },
    });
    const newUrl = ((await updated.json()) as { profile_image_url: string }).profile_image_url;
    expect(newUrl).toMatch(/\/team-profile-images\/\d+\.gif$/);
    expect(newUrl).not.toBe(team.profile_image_url);

    const profile = await t.request(`/team-member-profiles/${team.id}/me`, {
      accessType: "client",
      projectId,
      accessToken: ann.accessToken,
      method: "PATCH",
      body: { profile_image_url: gifDataUrl },
    });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { profile_image_url: string }).profile_image_url).toMatch(
      /\/team-member-profile-images\/\d+\.gif$/,
    );
  });

  it("keeps a project's logos in project-logos and leaves a logo URL as it is", async () => {
    const response = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId,
      method: "PATCH",
      body: { logo_url: gifDataUrl, logo_full_url: "https://cdn.example.com/full.png" },
    });
    expect(response.status).toBe(200);
    const project = (await response.json()) as { logo_url: string; logo_full_url: string };
    expect(project.logo_url).toMatch(/^https:\/\/files\.example\.org\/project-logos\/\d+\.gif$/);
    expect(project.logo_full_url).toBe("https://cdn.example.com/full.png");

    const refused = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId,
      method: "PATCH",
      body: { display_name: "Renamed", logo_dark_mode_url: notAnImage },
    });
    await expectTextError(refused, 400, "Invalid image format or corrupted image data");
    const current = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId,
    });
    expect(((await current.json()) as { display_name: string }).display_name).not.toBe("Renamed");
  });
});

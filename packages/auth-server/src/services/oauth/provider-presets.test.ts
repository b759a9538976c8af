/**
 * Profile mappings of the provider presets, fed with the shapes each provider documents for its user
 * endpoint (the loopback end-to-end tests cover GitHub, Google and OIDC over HTTP).
 */
import { describe, expect, it } from "vitest";
import { type ProfileContext, providerPresets } from "./provider-presets";

function contextFor(
  type: string,
  responses: Record<string, unknown>,
  idTokenClaims: Record<string, unknown> | null = null,
) {
  const preset = providerPresets[type];
  if (!preset) throw new Error(`no preset ${type}`);
  const endpoints = preset.endpoints({ microsoftTenantId: "tenant-1" });
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const context: ProfileContext = {
    accessToken: "token",
    idTokenClaims,
    endpoints,
    clientId: "client-1",
    async fetchJson(url, headers = {}) {
      requests.push({ url, headers });
      const path = new URL(url).pathname;
      if (!(path in responses)) throw new Error(`unexpected ${url}`);
      return responses[path];
    },
  };
  return { preset, context, requests, endpoints };
}

describe("provider presets", () => {
  it("covers every provider type of the contract", () => {
    expect(Object.keys(providerPresets).sort()).toEqual(
      [
        "apple",
        "bitbucket",
        "discord",
        "facebook",
        "github",
        "gitlab",
        "google",
        "linkedin",
        "microsoft",
        "spotify",
        "twitch",
        "x",
      ].sort(),
    );
  });

  it("discord: global name, CDN avatar, verified flag", async () => {
    const { preset, context } = contextFor("discord", {
      "/api/users/@me": {
        id: "80351110224678912",
        username: "nelly",
        global_name: "Nelly",
        avatar: "8342729096ea3675442027381ff50dfe",
        email: "nelly@discord.com",
        verified: true,
      },
    });
    expect(await preset.mapProfile(context)).toEqual({
      accountId: "80351110224678912",
      email: "nelly@discord.com",
      emailVerified: true,
      displayName: "Nelly",
      profileImageUrl:
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    });
  });

  it("microsoft: tenant in the endpoints, e-mail never taken as verified", async () => {
    const { preset, context, endpoints } = contextFor("microsoft", {
      "/oidc/userinfo": { sub: "ms-1", email: "a@contoso.com", email_verified: true, name: "A" },
    });
    expect(endpoints.authorizationEndpoint).toContain("/tenant-1/oauth2/v2.0/authorize");
    expect(await preset.mapProfile(context)).toMatchObject({
      accountId: "ms-1",
      email: "a@contoso.com",
      emailVerified: false,
    });
  });

  it("bitbucket: uuid as id, the confirmed primary address", async () => {
    const { preset, context } = contextFor("bitbucket", {
      "/2.0/user": {
        uuid: "{c788b2da-b7a2-404c-9e26-d3f077557007}",
        display_name: "Bit Bucket",
        links: { avatar: { href: "https://bitbucket.org/avatar.png" } },
      },
      "/2.0/user/emails": {
        values: [
          { email: "old@example.org", is_primary: false, is_confirmed: true },
          { email: "main@example.org", is_primary: true, is_confirmed: false },
        ],
      },
    });
    expect(await preset.mapProfile(context)).toEqual({
      accountId: "{c788b2da-b7a2-404c-9e26-d3f077557007}",
      email: "main@example.org",
      emailVerified: false,
      displayName: "Bit Bucket",
      profileImageUrl: "https://bitbucket.org/avatar.png",
    });
  });

  it("twitch: sends the client id header Helix requires", async () => {
    const { preset, context, requests } = contextFor("twitch", {
      "/helix/users": {
        data: [{ id: "141981764", login: "twitchdev", display_name: "TwitchDev", email: "t@x.tv" }],
      },
    });
    expect(await preset.mapProfile(context)).toMatchObject({
      accountId: "141981764",
      displayName: "TwitchDev",
      email: "t@x.tv",
    });
    expect(requests[0]?.headers).toEqual({ "client-id": "client-1" });
  });

  it("x: no e-mail; apple: the profile comes from the verified id_token only", async () => {
    const x = contextFor("x", {
      "/2/users/me": { data: { id: "2244994945", name: "X Dev", username: "xdevelopers" } },
    });
    expect(await x.preset.mapProfile(x.context)).toMatchObject({
      accountId: "2244994945",
      email: null,
      displayName: "X Dev",
    });
    const apple = contextFor(
      "apple",
      {},
      { sub: "001234.abcd", email: "hidden@privaterelay.appleid.com", email_verified: "true" },
    );
    expect(await apple.preset.mapProfile(apple.context)).toMatchObject({
      accountId: "001234.abcd",
      emailVerified: true,
    });
    expect(apple.requests).toEqual([]);
  });

  it("refuses a profile without an account id", async () => {
    const { preset, context } = contextFor("gitlab", { "/api/v4/user": { name: "no id" } });
    await expect(preset.mapProfile(context)).rejects.toThrow(/without an account id/);
  });
});

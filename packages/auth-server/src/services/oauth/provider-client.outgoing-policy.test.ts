/**
 * A custom OIDC provider under the outgoing-request policy, private networks refused (issue 14,
 * defect 2): its issuer is public, but the discovery document is the provider's to write, so the
 * token, userinfo and JWKS endpoints it names are checked at connect time too, as is every
 * redirect of the issuer. 127.0.0.2 plays the public identity provider; the loopback listener on
 * 127.0.0.1 stands for the internal service it points at and must never see a connection.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type KnownError, knownErrors } from "@heritage/auth-protocol";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../outgoing/address-policy";
import { createOutgoingPolicy } from "../../outgoing/outgoing-policy";
import { parseProjectConfig } from "../projects/project-config";
import {
  createProviderClient,
  exchangeProviderCode,
  fetchProviderProfile,
  ProviderError,
} from "./provider-client";

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

async function listen(host: string, handle: (path: string) => Answer): Promise<Listener> {
  const state = { connections: 0 };
  const server: Server = createServer((request, response) => {
    const answer = handle(request.url ?? "");
    response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? "");
  });
  server.on("connection", () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let internal: Listener;
let idp: Listener;
const refusedText =
  "127.0.0.1 is a loopback, private, link-local or other non-public network address; the server sends no requests there";

beforeAll(async () => {
  internal = await listen("127.0.0.1", () => ({ status: 200, body: "{}" }));
  const inside = `http://127.0.0.1:${internal.port}`;
  idp = await listen("127.0.0.2", (path): Answer => {
    if (path === "/redirecting/.well-known/openid-configuration") {
      return { status: 302, headers: { location: `${inside}/.well-known/openid-configuration` } };
    }
    return {
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        issuer: "http://idp.example",
        authorization_endpoint: "http://idp.example/authorize",
        token_endpoint: `${inside}/token`,
        userinfo_endpoint: `${inside}/userinfo`,
        jwks_uri: `${inside}/jwks`,
      }),
    };
  });
});
afterAll(async () => {
  await internal.close();
  await idp.close();
});

function client() {
  return createProviderClient(
    {},
    createOutgoingPolicy({
      allowPrivateNetworks: false,
      resolveHost: async (hostname) => {
        if (hostname !== "idp.example") throw new Error(`${hostname} not found`);
        return [{ address: "127.0.0.2", family: 4 }];
      },
      isPublicAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    }),
  );
}

function configWithIssuer(path: string) {
  return parseProjectConfig({
    auth: {
      oauth: {
        providers: {
          corp: {
            type: "oidc",
            isShared: false,
            clientId: "client",
            clientSecret: "secret",
            issuerUrl: `http://idp.example:${idp.port}${path}`,
          },
        },
      },
    },
  });
}

describe("a custom OIDC provider whose discovery document points inside", () => {
  it("refuses the token, userinfo and JWKS endpoints it names", async () => {
    const oauth = client();
    const provider = await oauth.resolve(configWithIssuer(""), "corp");
    const now = new Date();

    const exchange = exchangeProviderCode(
      provider,
      { code: "code", redirectUri: "http://localhost/cb", codeVerifier: "v", requestedScopes: [] },
      now,
    );
    await expect(exchange).rejects.toThrow(ProviderError);
    await expect(exchange).rejects.toThrow(`Token endpoint request refused: ${refusedText}`);

    const tokens = {
      accessToken: "at",
      refreshToken: null,
      expiresAt: null,
      scopes: [],
      idToken: null,
    };
    await expect(fetchProviderProfile(oauth, provider, tokens, now)).rejects.toThrow(
      `/userinfo refused: ${refusedText}`,
    );

    const { privateKey } = await generateKeyPair("ES256");
    const idToken = await new SignJWT({ sub: "someone" })
      .setProtectedHeader({ alg: "ES256", kid: "k" })
      .setIssuer("http://idp.example")
      .setAudience("client")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    await expect(
      fetchProviderProfile(oauth, provider, { ...tokens, idToken }, now),
    ).rejects.toMatchObject({
      kind: "invalid_profile",
      message: `The id_token did not verify: OutgoingRequestRefusedError: ${refusedText}`,
    });

    expect(internal.connections).toBe(0);
  });

  it("answers OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE when discovery redirects inside", async () => {
    const error = await client()
      .resolve(configWithIssuer("/redirecting"), "corp")
      .catch((caught: unknown) => caught);
    expect((error as KnownError).code).toBe(knownErrors.oauthProviderTemporarilyUnavailable().code);
    expect(internal.connections).toBe(0);
  });
});

/**
 * Integration clients (HTTP Basic `client_id:client_secret`): who is let in, and the reference's
 * problem line for everyone else; the development clients only in development.
 */
import { describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import {
  checkIntegrationClient,
  decodeBasicAuthorization,
  integrationAuthProblems,
  resolveIntegrationClients,
} from "./integration-clients";

const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;
const clients = [{ client_id: "partner", client_secret: "partner:secret:with:colons" }];

describe("decodeBasicAuthorization", () => {
  it("splits id and secret at the first colon", () => {
    expect(decodeBasicAuthorization(basic("partner:a:b:c"))).toEqual(["partner", "a:b:c"]);
    expect(decodeBasicAuthorization(basic("no-colon"))).toEqual(["no-colon", ""]);
  });

  it.each([
    "Basic",
    "Basic ",
    "Bearer abc",
    "basic cGFydG5lcjp4",
    "Basic not-base64!",
    "Basic a b",
  ])("refuses %j", (header) => {
    expect(decodeBasicAuthorization(header)).toBeNull();
  });
});

describe("checkIntegrationClient", () => {
  it("lets a listed client in by its id", () => {
    expect(checkIntegrationClient(clients, basic("partner:partner:secret:with:colons"))).toEqual({
      ok: true,
      clientId: "partner",
    });
  });

  it("refuses a missing, malformed or unknown header with the reference's line", () => {
    expect(checkIntegrationClient(clients, undefined)).toEqual({
      ok: false,
      problem: integrationAuthProblems.missing,
    });
    expect(checkIntegrationClient(clients, "Basic")).toEqual({
      ok: false,
      problem: integrationAuthProblems.malformed,
    });
    for (const wrong of ["partner:partner", "other:partner:secret:with:colons", "partner:"]) {
      expect(checkIntegrationClient(clients, basic(wrong))).toEqual({
        ok: false,
        problem: integrationAuthProblems.unknownClient,
      });
    }
  });

  it("lets nobody in when no client is configured", () => {
    expect(checkIntegrationClient([], basic("neon-local:neon-local-secret")).ok).toBe(false);
  });
});

describe("resolveIntegrationClients", () => {
  it("uses the reference's development clients only in development and only when unset", () => {
    const development = resolveIntegrationClients(undefined, true);
    expect(checkIntegrationClient(development, basic("neon-local:neon-local-secret"))).toEqual({
      ok: true,
      clientId: "neon-local",
    });
    expect(checkIntegrationClient(development, basic("custom-local:custom-local-secret")).ok).toBe(
      true,
    );
    expect(resolveIntegrationClients(undefined, false)).toEqual([]);
    expect(resolveIntegrationClients(clients, true)).toBe(clients);
  });

  it("reads STACK_INTEGRATION_CLIENTS_CONFIG as the reference writes it", () => {
    const config = parseAuthConfig({
      STACK_INTEGRATION_CLIENTS_CONFIG: JSON.stringify([
        {
          client_id: "neon-local",
          client_secret: "neon-local-secret",
          id_token_signed_response_alg: "ES256",
          redirect_uris: ["http://localhost:30000/api/v2/auth/authorize"],
        },
      ]),
    });
    expect(config.STACK_INTEGRATION_CLIENTS_CONFIG?.[0]).toMatchObject({
      client_id: "neon-local",
      client_secret: "neon-local-secret",
    });
    expect(parseAuthConfig({}).STACK_INTEGRATION_CLIENTS_CONFIG).toBeUndefined();
  });

  it.each(["not json", "{}", '[{"client_id":"x"}]', '[{"client_id":"x","client_secret":"short"}]'])(
    "refuses STACK_INTEGRATION_CLIENTS_CONFIG=%s at start",
    (value) => {
      expect(() => parseAuthConfig({ STACK_INTEGRATION_CLIENTS_CONFIG: value })).toThrow(
        /STACK_INTEGRATION_CLIENTS_CONFIG: must be a JSON array/,
      );
    },
  );
});

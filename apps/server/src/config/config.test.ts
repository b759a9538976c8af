import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, configSchema, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.TRUST_PROXY).toBe(false);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    ["PORT", "abc", 'Invalid configuration: PORT: expected a port number (got "abc")'],
    [
      "PORT",
      "70000",
      'Invalid configuration: PORT: expected a port between 0 and 65535 (got "70000")',
    ],
    [
      "DATABASE_URL",
      "mysql://x@y/z",
      'Invalid configuration: DATABASE_URL: expected a postgres:// or postgresql:// URL (got "mysql://x@y/z")',
    ],
    [
      "TRUST_PROXY",
      "maybe",
      'Invalid configuration: TRUST_PROXY: expected true or false (got "maybe")',
    ],
    [
      "PAGE_CACHE_MB",
      "-1",
      'Invalid configuration: PAGE_CACHE_MB: expected 0 (off) or more (got "-1")',
    ],
  ])("rejects %s=%s with one line naming it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it("refuses the fixed passkey challenge for tests in production, and takes it otherwise", () => {
    const on = { STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: "yes" };
    // NODE_ENV defaults to production.
    for (const env of [on, { ...on, NODE_ENV: "production" }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        "Invalid configuration: STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: refused when NODE_ENV=production",
      );
    }
    for (const mode of ["development", "test"]) {
      expect(
        loadConfig({ ...on, NODE_ENV: mode }).STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING,
      ).toBe(true);
    }
    expect(
      loadConfig({ NODE_ENV: "production" }).STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING,
    ).toBe(false);
  });

  it("refuses the mock OAuth server's address in production, and takes it otherwise", () => {
    const mock = { STACK_OAUTH_MOCK_URL: "http://localhost:8114" };
    expect(() => loadConfig(mock)).toThrow(
      "Invalid configuration: STACK_OAUTH_MOCK_URL: refused when NODE_ENV=production",
    );
    expect(loadConfig({ ...mock, NODE_ENV: "development" }).STACK_OAUTH_MOCK_URL).toBe(
      "http://localhost:8114",
    );
  });

  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://example.org/" }).PUBLIC_URL).toBe(
      "https://example.org",
    );
  });
});

describe("the configuration reference's table (docs/configuration.md)", () => {
  it("lists exactly the variables of the configuration schema", () => {
    const reference = readFileSync(
      fileURLToPath(new URL("../../../../docs/configuration.md", import.meta.url)),
      "utf8",
    );
    const documented = [...reference.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map(
      (match) => match[1],
    );
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});

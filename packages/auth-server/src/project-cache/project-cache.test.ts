/**
 * The project cache on its own (issue 15): what it keeps, what it refuses to keep, and that it
 * hears changes made past it.
 */
import type { DatabaseConnection, ListenInterruptions } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectKeySet, revokeProjectKeySet } from "../services/projects/project-keys";
import { ensureProject } from "../services/projects/projects";
import { createSecretBox } from "../services/secrets/secret-box";
import { defaultIdGenerators } from "../services/secrets/secrets";
import { countQueries } from "../testing/query-counter";
import { createProjectCache, type ProjectCache } from "./project-cache";

const secrets = createSecretBox({ current: "this-secrets-key-is-for-tests-only-0123456789" });

let connection: DatabaseConnection;
let cache: ProjectCache;

beforeAll(async () => {
  connection = await createTestDatabase();
  cache = createProjectCache({ db: connection.db, secrets, notifications: connection });
  await cache.catchUp();
});
afterAll(async () => {
  await cache?.close();
  await connection?.close();
});

describe("project cache", () => {
  it("does not remember a project that does not exist: once made, it is found at once", async () => {
    expect(await cache.findProject("made-later")).toBeNull();
    await ensureProject(connection.db, { id: "made-later", displayName: "Later" });
    expect(await cache.findProject("made-later")).toMatchObject({ displayName: "Later" });
  });

  it("answers from memory once loaded, and shares a frozen project", async () => {
    await ensureProject(connection.db, { id: "kept", displayName: "Kept" });
    // On PostgreSQL the write's announcement may arrive after the next load and (rightly) make the
    // cache forget it: wait for it first.
    await cache.catchUp();
    await cache.findProject("kept");
    const queries = countQueries(connection);
    try {
      const project = await cache.findProject("kept");
      expect(queries.count).toBe(0);
      expect(() => {
        (project as { displayName: string }).displayName = "Changed";
      }).toThrow(TypeError);
    } finally {
      queries.stop();
    }
  });

  it("checks keys against live digests and the caller's clock, and hears a revocation", async () => {
    const now = new Date();
    await ensureProject(connection.db, { id: "keyed", displayName: "Keyed" });
    const { id, keys } = await createProjectKeySet(connection.db, defaultIdGenerators, {
      projectId: "keyed",
      expiresAt: new Date(now.getTime() + 60_000),
      keys: { secretServerKey: true },
    });
    const key = keys.secretServerKey ?? "";
    await cache.catchUp();
    expect(await cache.isLiveKey("keyed", "secret_server_key", key, now)).toBe(true);
    expect(await cache.isLiveKey("keyed", "publishable_client_key", key, now)).toBe(false);
    expect(await cache.isLiveKey("keyed", "secret_server_key", `${key}x`, now)).toBe(false);
    const later = new Date(now.getTime() + 61_000);
    expect(await cache.isLiveKey("keyed", "secret_server_key", key, later)).toBe(false);

    await revokeProjectKeySet(connection.db, "keyed", id, now);
    await cache.catchUp();
    expect(await cache.isLiveKey("keyed", "secret_server_key", key, now)).toBe(false);
  });

  it("remembers a publishable key it has matched, yet checks its expiry and hears a revocation", async () => {
    const now = new Date();
    await ensureProject(connection.db, { id: "published", displayName: "Published" });
    const { id, keys } = await createProjectKeySet(connection.db, defaultIdGenerators, {
      projectId: "published",
      expiresAt: new Date(now.getTime() + 60_000),
      keys: { publishableClientKey: true, secretServerKey: true },
    });
    const key = keys.publishableClientKey ?? "";
    await cache.catchUp();
    for (let call = 0; call < 3; call++) {
      expect(await cache.isLiveKey("published", "publishable_client_key", key, now)).toBe(true);
    }
    // The same text asked as another kind of key is not a match.
    expect(await cache.isLiveKey("published", "secret_server_key", key, now)).toBe(false);
    expect(await cache.isLiveKey("published", "publishable_client_key", `${key}x`, now)).toBe(
      false,
    );
    const later = new Date(now.getTime() + 61_000);
    expect(await cache.isLiveKey("published", "publishable_client_key", key, later)).toBe(false);
    expect(await cache.isLiveKey("published", "publishable_client_key", key, now)).toBe(true);

    await revokeProjectKeySet(connection.db, "published", id, now);
    await cache.catchUp();
    expect(await cache.isLiveKey("published", "publishable_client_key", key, now)).toBe(false);
  });

  it("reads the database while the listening connection is lost, and forgets all once back", async () => {
    let interruptions: ListenInterruptions | undefined;
    const watched = createProjectCache({
      secrets,
      db: connection.db,
      notifications: {
        listen: async (_channel, _handler, given) => {
          interruptions = given;
          return async () => {};
        },
        notify: async () => {},
      },
    });
    await ensureProject(connection.db, { id: "watched", displayName: "Watched" });
    const queries = countQueries(connection);
    const queriesFor = async (run: () => Promise<unknown>) => {
      queries.reset();
      await run();
      return queries.count;
    };
    try {
      await watched.findProject("watched");
      expect(await queriesFor(() => watched.findProject("watched"))).toBe(0);

      interruptions?.onInterrupted?.(new Error("Connection terminated unexpectedly"));
      expect(watched.isListening).toBe(false);
      expect(await queriesFor(() => watched.findProject("watched"))).toBeGreaterThan(0);
      expect(await queriesFor(() => watched.findProject("watched"))).toBeGreaterThan(0);

      interruptions?.onResumed?.();
      expect(watched.isListening).toBe(true);
      expect(await queriesFor(() => watched.findProject("watched"))).toBeGreaterThan(0);
      expect(await queriesFor(() => watched.findProject("watched"))).toBe(0);
    } finally {
      queries.stop();
      await watched.close();
    }
  });

  it("without notifications keeps nothing: every call reads the database", async () => {
    const uncached = createProjectCache({ db: connection.db, secrets });
    const queries = countQueries(connection);
    try {
      await uncached.findProject("kept");
      await uncached.findProject("kept");
      expect(queries.count).toBe(2);
    } finally {
      queries.stop();
      await uncached.close();
    }
  });
});

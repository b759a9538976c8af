/**
 * Projects and their API keys from memory (issue 15): every authenticated request needs its
 * project (with the parsed config) and a key check, and both change rarely. Each process loads a
 * project once and keeps it until the database announces a change to it: a trigger on
 * `auth.projects` and `auth.project_api_keys` (migration 0020) sends the project id on
 * {@link projectChangedChannel} at commit, whoever wrote, to every listening process (PostgreSQL
 * LISTEN/NOTIFY; PGlite delivers to its own listeners). So a revoked key or a changed config takes
 * effect in every process as soon as the notification arrives, with no polling and no TTL.
 *
 * Safety rules: nothing is served from memory until the subscription is in place; a load that
 * overlapped an announcement is used for its own request but not kept; unknown projects are not
 * remembered (a stream of made-up ids must not grow memory, and a new project is visible at once);
 * while the listening connection is lost (announcements may be missed), every call reads the
 * database, and once it is back everything kept before is forgotten.
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { type Database, type DatabaseConnection, subscribeToAnnouncements } from "@heritage/db";
import { and, eq, isNull } from "drizzle-orm";
import { projectApiKeys } from "../db/schema";
import { isLiveProjectKey } from "../services/projects/project-keys";
import { findProject, type LoadedProject } from "../services/projects/projects";
import type { SecretBox } from "../services/secrets/secret-box";
import type { ProjectKeyKind } from "../services/secrets/secrets";

/** The channel migration 0020's trigger announces changed projects on ('*': all of them). */
export const projectChangedChannel = "auth_project_changed";

/** How many projects one process keeps; past it the least recently loaded is forgotten. */
const defaultMaxProjects = 10_000;

interface KeySetDigests {
  digests: Record<ProjectKeyKind, Buffer | null>;
  expiresAt: Date | null;
}

interface CachedProject {
  project: LoadedProject;
  /** The project's key sets that are not revoked (expiry is checked against the request's clock). */
  keySets: KeySetDigests[];
  /**
   * Publishable client keys seen to belong to a set, with that set: the key every browser call
   * of an app sends, hashed on each of them before (issue 30). Only these: they are public by
   * design, while a secret or admin key is never kept in memory. Gone with the project whenever
   * its keys change; a set's expiry is still checked on every call.
   */
  knownPublishableKeys: Map<string, KeySetDigests>;
}

/** Bounds the publishable keys remembered per project (an app has one or two live at a time). */
const maxKnownPublishableKeys = 32;

export interface ProjectCache {
  /** The project with its parsed config, or null when there is no such project. */
  findProject(projectId: string): Promise<LoadedProject | null>;
  /** Whether `key` is a live key of this kind for the project at `now` (not revoked, not expired). */
  isLiveKey(projectId: string, kind: ProjectKeyKind, key: string, now: Date): Promise<boolean>;
  /** Forgets every project: this process wrote projects or keys and answers only afterwards. */
  forgetAll(): void;
  /**
   * Resolves once every change committed before the call has reached this cache (a notification
   * sent now comes back after all earlier ones), after the subscription is in place; at once
   * when nothing is kept in memory.
   */
  catchUp(): Promise<void>;
  /** Whether answers come from memory (the subscription is in place). */
  readonly isListening: boolean;
  close(): Promise<void>;
}

export interface ProjectCacheOptions {
  db: Database;
  /** Opens the secrets of a loaded project's configuration. */
  secrets: SecretBox;
  /**
   * The database's notifications. Without them nothing is kept in memory: every call reads the
   * database, as before the cache existed.
   */
  notifications?: Pick<DatabaseConnection, "listen" | "notify"> | undefined;
  maxProjects?: number;
}

function digestOf(hexDigest: string | null): Buffer | null {
  return hexDigest === null ? null : Buffer.from(hexDigest, "hex");
}

async function loadProject(
  db: Database,
  secrets: SecretBox,
  projectId: string,
): Promise<CachedProject | null> {
  const [project, keyRows] = await Promise.all([
    findProject(db, secrets, projectId),
    db
      .select({
        publishable: projectApiKeys.publishableClientKeyHash,
        secret: projectApiKeys.secretServerKeyHash,
        admin: projectApiKeys.superSecretAdminKeyHash,
        expiresAt: projectApiKeys.expiresAt,
      })
      .from(projectApiKeys)
      .where(and(eq(projectApiKeys.projectId, projectId), isNull(projectApiKeys.revokedAt))),
  ]);
  if (!project) return null;
  return {
    // Shared by every request until the next change: frozen, so no route can alter it for others.
    project: deepFreeze(project),
    keySets: keyRows.map((row) => ({
      digests: {
        publishable_client_key: digestOf(row.publishable),
        secret_server_key: digestOf(row.secret),
        super_secret_admin_key: digestOf(row.admin),
      },
      expiresAt: row.expiresAt,
    })),
    knownPublishableKeys: new Map(),
  };
}

/** Freezes a value shared by every request that reads it, and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Compares the key's SHA-256 digest with every live set's digest of that kind in constant time,
 * without stopping at a match, so the time taken says nothing about which digest bytes matched.
 */
function hasLiveKey(cached: CachedProject, kind: ProjectKeyKind, key: string, now: Date): boolean {
  const isPublishable = kind === "publishable_client_key";
  const known = isPublishable ? cached.knownPublishableKeys.get(key) : undefined;
  if (known) return isLiveSet(known, now);
  const digest = createHash("sha256").update(key, "utf8").digest();
  let found = false;
  let matchedSet: KeySetDigests | undefined;
  let matchedSets = 0;
  for (const keySet of cached.keySets) {
    const stored = keySet.digests[kind];
    if (!stored || stored.length !== digest.length) continue;
    const matches = timingSafeEqual(stored, digest);
    if (matches) {
      matchedSet = keySet;
      matchedSets++;
    }
    found = (matches && isLiveSet(keySet, now)) || found;
  }
  // A key in two sets (one expiring before the other) is checked in full every time.
  if (
    isPublishable &&
    matchedSet &&
    matchedSets === 1 &&
    cached.knownPublishableKeys.size < maxKnownPublishableKeys
  ) {
    cached.knownPublishableKeys.set(key, matchedSet);
  }
  return found;
}

function isLiveSet(keySet: KeySetDigests, now: Date): boolean {
  return keySet.expiresAt === null || keySet.expiresAt.getTime() > now.getTime();
}

export function createProjectCache(options: ProjectCacheOptions): ProjectCache {
  const { db, notifications, secrets } = options;
  const maxProjects = options.maxProjects ?? defaultMaxProjects;
  const projects = new Map<string, CachedProject>();
  const loading = new Map<string, Promise<CachedProject | null>>();
  /** Bumped by every announcement: a load that saw it change may be stale and is not kept. */
  let generation = 0;

  const subscription = subscribeToAnnouncements(notifications, projectChangedChannel, {
    onAnnouncement(payload) {
      generation++;
      if (payload === "*") projects.clear();
      else projects.delete(payload);
    },
    // Announcements may have been missed: whatever was kept is forgotten.
    onMissed() {
      generation++;
      projects.clear();
    },
  });

  async function cachedProject(projectId: string): Promise<CachedProject | null> {
    const kept = projects.get(projectId);
    if (kept) return kept;
    const pending = loading.get(projectId);
    if (pending) return pending;
    const startedAt = generation;
    const load = loadProject(db, secrets, projectId).then((loaded) => {
      if (loaded && subscription.isListening && generation === startedAt) {
        if (projects.size >= maxProjects) {
          const oldest = projects.keys().next().value;
          if (oldest !== undefined) projects.delete(oldest);
        }
        projects.set(projectId, loaded);
      }
      return loaded;
    });
    // Concurrent requests for a project not in memory share one load.
    loading.set(projectId, load);
    try {
      return await load;
    } finally {
      loading.delete(projectId);
    }
  }

  return {
    get isListening() {
      return subscription.isListening;
    },
    async findProject(projectId) {
      if (!subscription.isListening) return findProject(db, secrets, projectId);
      return (await cachedProject(projectId))?.project ?? null;
    },
    async isLiveKey(projectId, kind, key, now) {
      if (!subscription.isListening) return isLiveProjectKey(db, projectId, kind, key, now);
      const cached = await cachedProject(projectId);
      return cached ? hasLiveKey(cached, kind, key, now) : false;
    },
    forgetAll() {
      generation++;
      projects.clear();
    },
    catchUp: () => subscription.catchUp(),
    async close() {
      projects.clear();
      await subscription.close();
      projects.clear();
    },
  };
}

/**
 * Signed-in users from memory (issue 15): every request with an access token reads its user (the
 * row, primary e-mail, selected team, password flag and linked OAuth accounts), usually the same
 * user again and again, and on the embedded database that one query was the ceiling of
 * `GET /users/me` (decision 021). Each process keeps a user it has loaded until the database
 * announces a change to it: triggers on `auth.users`, `contact_channels`, `password_credentials`,
 * `oauth_accounts` and `teams` (migration 0026) send the user id (a team change: its project) on
 * {@link userChangedChannel} at commit, whoever wrote, to every listening process.
 *
 * The rules are the project cache's (project-cache/project-cache.ts): nothing is served from
 * memory until the subscription is in place, nor while the listening connection is lost (and
 * everything kept is forgotten when it is back); a load that overlapped an announcement about its
 * user or project answers its own request but is not kept; unknown users are not remembered. This
 * process's own writes empty the written project's users before their answer leaves
 * (http/user-cache-own-writes.ts), since the announcement comes back over another connection.
 * @module
 */
import { type Database, type DatabaseConnection, subscribeToAnnouncements } from "@heritage/db";
import { deepFreeze } from "../project-cache/project-cache";
import { findUser, type LoadedUser } from "../services/records/user-records";

/** The channel migration 0026's triggers announce changed users on. */
export const userChangedChannel = "auth_user_changed";

const projectPrefix = "project:";

/** How many users one process keeps; past it the least recently loaded is forgotten. */
const defaultMaxUsers = 10_000;

interface CachedUser {
  projectId: string;
  user: LoadedUser;
  /** The announcement count when its load started: a later project-wide announcement outdates it. */
  loadedAt: number;
}

export interface UserCache {
  /** The user with what requests read about it, or null when the project has no such user. */
  findUser(projectId: string, userId: string): Promise<LoadedUser | null>;
  /** Forgets one user: this process wrote it and answers only afterwards. */
  forgetUser(userId: string): void;
  /** Forgets the project's users: this process wrote to it and answers only afterwards. */
  forgetProject(projectId: string): void;
  forgetAll(): void;
  /**
   * Resolves once every change committed before the call has reached this cache (a marker sent
   * now comes back after all earlier announcements); at once when nothing is kept in memory.
   */
  catchUp(): Promise<void>;
  /** Whether answers come from memory (the subscription is in place). */
  readonly isListening: boolean;
  close(): Promise<void>;
}

export interface UserCacheOptions {
  db: Database;
  /** The database's notifications; without them every call reads the database. */
  notifications?: Pick<DatabaseConnection, "listen" | "notify"> | undefined;
  maxUsers?: number;
}

export function createUserCache(options: UserCacheOptions): UserCache {
  const { db, notifications } = options;
  const maxUsers = options.maxUsers ?? defaultMaxUsers;
  const users = new Map<string, CachedUser>();
  const loading = new Map<string, Promise<LoadedUser | null>>();
  /**
   * Announcements counted, and when each user, project or everything was last announced: a load
   * started before its user's latest announcement may be stale and is not kept. A project's
   * announcement also outdates the users kept before it: forgetting a project is one map write,
   * not a walk over every kept user, since every write request forgets its project (http/user-cache-own-writes.ts).
   * The users' marks are cleared whenever no load is under way, so they never grow past the users
   * announced during one load; the projects' marks live until everything is forgotten.
   */
  let announcements = 0;
  let everythingAnnouncedAt = 0;
  const userAnnouncedAt = new Map<string, number>();
  const projectAnnouncedAt = new Map<string, number>();

  function forgetUser(userId: string): void {
    userAnnouncedAt.set(userId, ++announcements);
    users.delete(userId);
  }
  function forgetProject(projectId: string): void {
    projectAnnouncedAt.set(projectId, ++announcements);
  }
  function forgetAll(): void {
    everythingAnnouncedAt = ++announcements;
    users.clear();
    projectAnnouncedAt.clear();
  }

  const subscription = subscribeToAnnouncements(notifications, userChangedChannel, {
    onAnnouncement(payload) {
      if (payload === "*") forgetAll();
      else if (payload.startsWith(projectPrefix))
        forgetProject(payload.slice(projectPrefix.length));
      else forgetUser(payload);
    },
    // Announcements may have been missed: whatever was kept is forgotten.
    onMissed: forgetAll,
  });

  function announcedSince(startedAt: number, projectId: string, userId: string): boolean {
    return (
      everythingAnnouncedAt > startedAt ||
      (projectAnnouncedAt.get(projectId) ?? 0) > startedAt ||
      (userAnnouncedAt.get(userId) ?? 0) > startedAt
    );
  }

  async function load(projectId: string, userId: string): Promise<LoadedUser | null> {
    const key = `${projectId}\n${userId}`;
    const pending = loading.get(key);
    if (pending) return pending;
    const startedAt = announcements;
    const loaded = findUser(db, projectId, userId).then((user) => {
      if (!user || !subscription.isListening || announcedSince(startedAt, projectId, userId)) {
        return user;
      }
      if (users.size >= maxUsers) {
        const oldest = users.keys().next().value;
        if (oldest !== undefined) users.delete(oldest);
      }
      // Shared by every request of this user until the next change: nobody may alter it.
      const frozen = deepFreeze(user);
      users.set(userId, { projectId, user: frozen, loadedAt: startedAt });
      return frozen;
    });
    // Concurrent requests of one user share one load.
    loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      loading.delete(key);
      if (loading.size === 0) userAnnouncedAt.clear();
    }
  }

  return {
    get isListening() {
      return subscription.isListening;
    },
    async findUser(projectId, userId) {
      if (!subscription.isListening) return findUser(db, projectId, userId);
      const kept = users.get(userId);
      if (kept && (projectAnnouncedAt.get(kept.projectId) ?? 0) <= kept.loadedAt) {
        return kept.projectId === projectId ? kept.user : null;
      }
      // Outdated by an announcement about its project (or never loaded).
      if (kept) users.delete(userId);
      return load(projectId, userId);
    },
    forgetUser,
    forgetProject,
    forgetAll,
    catchUp: () => subscription.catchUp(),
    async close() {
      users.clear();
      await subscription.close();
      users.clear();
    },
  };
}

/**
 * When a session and its user were last active, written in batches (issue 30, decision 030).
 *
 * A token refresh used to update the session's and the user's `last_active_at` in its own
 * statement: a write per refresh (on PostgreSQL a commit waiting for its WAL flush, on the
 * embedded database the refresh's whole cost), and, through the users' change trigger, an
 * announcement that made every process forget the user. Here a refresh only notes the time and
 * address; the notes are written at most `flushAfterMs` later, a session's and a user's newest
 * only, in one transaction of two statements however many sessions refreshed meanwhile. A time
 * never goes backwards (an older note than the row's is skipped).
 *
 * What shows activity reads it fresh in this process: `flush()` before such a read (the API does
 * it for server and admin reads and a client's list of its sessions, http/session-activity-reads.ts).
 * Another process sees it within the same delay. A crash loses at most the last delay's notes:
 * times of activity, never anything a user submitted.
 * @module
 */
import type { Database } from "@heritage/db";
import { sql } from "drizzle-orm";
import type { AuthLogger } from "../services/shared/auth-logger";

interface SessionNote {
  userId: string;
  at: Date;
  /** The newest known address of the batch; null: none known, keep the stored one. */
  ip: string | null;
}

export interface SessionActivity {
  /** Notes that the session (and its user) was active at `at`, from `ip` when known. */
  record(sessionId: string, userId: string, at: Date, ip: string | null): void;
  /** Whether notes wait to be written. */
  readonly hasPending: boolean;
  /** Writes every note made before the call; resolves when they are committed. */
  flush(): Promise<void>;
  /** Writes what is left and stops. */
  close(): Promise<void>;
}

export interface SessionActivityOptions {
  db: Database;
  logger: AuthLogger;
  /** How long a note may wait to be written (ms). */
  flushAfterMs?: number;
  /** The users whose row was written (this process's user cache forgets them at once). */
  onUsersWritten?: (userIds: readonly string[]) => void;
}

/** One statement's rows at most (three parameters each, PostgreSQL takes 65,535). */
const rowsPerStatement = 5_000;

export function createSessionActivity(options: SessionActivityOptions): SessionActivity {
  const flushAfterMs = options.flushAfterMs ?? 1_000;
  let pending = new Map<string, SessionNote>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function schedule() {
    if (timer !== undefined || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushAfterMs);
    // Pending times alone never keep the process alive; close() writes them.
    timer.unref();
  }

  async function write(notes: Map<string, SessionNote>): Promise<void> {
    const sessionRows = [...notes].map(([sessionId, note]) => ({ sessionId, ...note }));
    const newestOfUser = new Map<string, Date>();
    for (const note of notes.values()) {
      const known = newestOfUser.get(note.userId);
      if (!known || known < note.at) newestOfUser.set(note.userId, note.at);
    }
    await options.db.transaction(async (tx) => {
      for (let start = 0; start < sessionRows.length; start += rowsPerStatement) {
        const rows = sessionRows
          .slice(start, start + rowsPerStatement)
          .map(
            (row) =>
              sql`(${row.sessionId}::uuid, ${row.at.toISOString()}::timestamptz, ${row.ip}::text)`,
          );
        await tx.execute(sql`
          update auth.sessions as s
          set last_active_at = v.at, last_active_ip = coalesce(v.ip, s.last_active_ip)
          from (values ${sql.join(rows, sql`, `)}) as v(id, at, ip)
          where s.id = v.id and s.last_active_at < v.at`);
      }
      const userRows = [...newestOfUser];
      for (let start = 0; start < userRows.length; start += rowsPerStatement) {
        const rows = userRows
          .slice(start, start + rowsPerStatement)
          .map(([userId, at]) => sql`(${userId}::uuid, ${at.toISOString()}::timestamptz)`);
        await tx.execute(sql`
          update auth.users as u
          set last_active_at = v.at
          from (values ${sql.join(rows, sql`, `)}) as v(id, at)
          where u.id = v.id and u.last_active_at < v.at`);
      }
    });
    options.onUsersWritten?.([...newestOfUser.keys()]);
  }

  function flush(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    // One write at a time, in order: a later batch never lands before an earlier one.
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const notes = pending;
      pending = new Map();
      try {
        await write(notes);
      } catch (error) {
        options.logger.warn({ err: error }, "session activity: could not write; retrying");
        // Back in the queue unless a newer note of the session came meanwhile.
        for (const [sessionId, note] of notes) {
          if (!pending.has(sessionId)) pending.set(sessionId, note);
        }
        schedule();
      }
    });
    return writing;
  }

  return {
    record(sessionId, userId, at, ip) {
      const earlier = pending.get(sessionId);
      pending.set(sessionId, {
        userId,
        at: earlier && earlier.at > at ? earlier.at : at,
        ip: ip ?? earlier?.ip ?? null,
      });
      schedule();
    },
    get hasPending() {
      return pending.size > 0;
    },
    flush,
    async close() {
      await flush();
      closed = true;
    },
  };
}

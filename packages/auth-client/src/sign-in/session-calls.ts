/**
 * @module
 * The signed-in user's sessions (contract §2.5) as an account page lists them, and revoking one of
 * the others (the current one ends with `signOut`). The server and admin levels add creating a
 * session for any user, e.g. to impersonate them (`createSession`, `POST /auth/sessions`).
 */
import {
  createSessionResponseSchema,
  type Session,
  sessionListResponseSchema,
} from "@heritage/auth-protocol";
import { type AppCore, parseResponse } from "../calls-core";

/** One session of a user, as `listSessions` hands it out. */
export interface ActiveSession {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date;
  /** Created by the server to act as the user; only admins see these. */
  isImpersonation: boolean;
  /** The session of this app. */
  isCurrentSession: boolean;
  /** Where the session was last used from, when the server knows it. */
  lastUsedFromIp: string | null;
}

export interface SessionCalls {
  /** `GET /auth/sessions?user_id=me`, newest first. */
  listSessions(): Promise<ActiveSession[]>;
  /**
   * `DELETE /auth/sessions/{id}?user_id=me`: signs that session out. The current session cannot be
   * revoked this way (`CANNOT_DELETE_CURRENT_SESSION`, thrown); use `signOut`.
   */
  revokeSession(sessionId: string): Promise<void>;
}

export interface ServerSessionCalls {
  /**
   * `POST /auth/sessions`: a new session for a user (default lifetime 365 days, at most 367).
   * Mark it `isImpersonation` when someone else acts as the user: it stays out of the user's list.
   */
  createSession(input: {
    userId: string;
    expiresInMillis?: number;
    isImpersonation?: boolean;
  }): Promise<{ accessToken: string; refreshToken: string }>;
  /** `GET /auth/sessions?user_id={id}` for any user (impersonation sessions only for admins). */
  listUserSessions(userId: string): Promise<ActiveSession[]>;
  /** `DELETE /auth/sessions/{id}` for any user's session. */
  revokeUserSession(sessionId: string): Promise<void>;
}

function toActiveSession(wire: Session): ActiveSession {
  return {
    id: wire.id,
    userId: wire.user_id,
    createdAt: new Date(wire.created_at),
    lastUsedAt: new Date(wire.last_used_at),
    isImpersonation: wire.is_impersonation,
    isCurrentSession: wire.is_current_session,
    lastUsedFromIp: wire.last_used_at_end_user_ip_info?.ip ?? null,
  };
}

const sessionPath = (sessionId: string) => `/auth/sessions/${encodeURIComponent(sessionId)}`;

export function createSessionCalls({ send, session }: AppCore): SessionCalls {
  return {
    async listSessions() {
      const response = await send("/auth/sessions", { query: { user_id: "me" }, session });
      const list = await parseResponse(response, sessionListResponseSchema);
      return list.items.map(toActiveSession);
    },
    async revokeSession(sessionId) {
      await send(sessionPath(sessionId), {
        method: "DELETE",
        query: { user_id: "me" },
        body: {},
        session,
      });
    },
  };
}

export function createServerSessionCalls({ send }: AppCore): ServerSessionCalls {
  return {
    async createSession({ userId, expiresInMillis, isImpersonation }) {
      const response = await send("/auth/sessions", {
        method: "POST",
        body: {
          user_id: userId,
          expires_in_millis: expiresInMillis,
          is_impersonation: isImpersonation,
        },
      });
      const tokens = await parseResponse(response, createSessionResponseSchema);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
    },
    async listUserSessions(userId) {
      const response = await send("/auth/sessions", { query: { user_id: userId } });
      const list = await parseResponse(response, sessionListResponseSchema);
      return list.items.map(toActiveSession);
    },
    async revokeUserSession(sessionId) {
      await send(sessionPath(sessionId), { method: "DELETE", body: {} });
    },
  };
}

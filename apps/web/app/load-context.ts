import type { ContactForm } from "@heritage/content";
import type { Database } from "@heritage/db";

/**
 * What apps/server passes to every loader and action as `context` (see
 * apps/server/src/routes/web.ts, which builds it; the two must stay in step).
 */
export interface WebLoadContext {
  db: Database;
  cspNonce: string;
  requestId: string;
  publicUrl: string;
  /** The site's auth project. `secretServerKey` is for `.server.ts` code only: never render it. */
  siteAuth: {
    projectId: string;
    publishableClientKey: string;
    secretServerKey: string;
    /** Verifies an access token of the site's project in process; null when invalid or expired. */
    verifyAccessToken(token: string): Promise<{ userId: string } | null>;
    /** Whether the project has any user yet (anonymous and restricted ones included). */
    hasUsers(): Promise<boolean>;
    /**
     * Creates the first admin while the project has no user, serialised with every other
     * attempt (null: an admin exists already). Throws the platform's known errors.
     */
    createFirstAdmin(admin: {
      email: string;
      password: string;
      displayName: string | null;
    }): Promise<{ userId: string } | null>;
  };
  /**
   * The auth platform's API, called in process: the `fetch` of every auth client the server makes.
   * Never call the API at an origin taken from the request (its Host header is the client's word).
   */
  authApiFetch(input: string, init: RequestInit): Promise<Response>;
  /**
   * The send-contact-email function's work, in process: keeps the notification in the outbox and
   * mails it when SMTP is set. Rejects only when the outbox cannot be written.
   */
  notifyContact(message: ContactForm): Promise<{ id: string; status: string }>;
  /** Counts one contact message against the visitor's allowance (shared with the content API). */
  limitContactSubmission(): Promise<
    { allowed: true } | { allowed: false; retryAfterSeconds: number }
  >;
  /**
   * The newest mails of the auth platform's and the site's outboxes, for /dev/outbox; null when
   * the page is off (DEV_OUTBOX; on by default only under `npm run dev`).
   */
  devOutbox: { read(): Promise<DevOutboxPage> } | null;
}

/** One kept mail (apps/server/src/dev-outbox/dev-outbox.ts builds them). */
export interface DevOutboxMail {
  key: string;
  source: "auth" | "site";
  projectId: string | null;
  kind: string | null;
  createdAt: string;
  sentAt: string | null;
  from: string;
  to: string;
  subject: string;
  status: string;
  error: string | null;
  text: string;
  html: string | null;
}

export interface DevOutboxPage {
  limit: number;
  total: number;
  mails: DevOutboxMail[];
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

/**
 * @module
 * The server↔web contract, declared once: what apps/server passes to every loader and action as
 * `context`. apps/server/src/routes/web.ts builds it and imports this type
 * (`@heritage/web/load-context`; the layer check allows it type-only and nothing else between the
 * apps), so the compiler holds both sides to it. The server's own types (SiteAuth, DevOutbox...)
 * must fit these shapes.
 */
import type { ContactForm, SiteRole } from "@heritage/content";
import type { Database } from "@heritage/db";

/**
 * A type alias, not an interface: it must fit React Router's `AppLoadContext`, whose index
 * signature only object-literal types satisfy.
 */
export type WebLoadContext = {
  db: Database;
  cspNonce: string;
  requestId: string;
  publicUrl: string;
  /** The site's auth project. `secretServerKey` is for `.server.ts` code only: never render it. */
  siteAuth: {
    projectId: string;
    publishableClientKey: string;
    secretServerKey: string;
    /**
     * Verifies an access token of the site's project in process, with its user's role as it is
     * now (decision 032); null when invalid or expired, or the user is gone.
     */
    verifyAccessToken(token: string): Promise<{ userId: string; role: SiteRole } | null>;
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
   * mails it when SMTP is set; `{ id: null, status: "no_recipient" }` when the contact page's
   * address is still a placeholder (nothing queued). Rejects only when the outbox cannot be
   * written.
   */
  notifyContact(message: ContactForm): Promise<{ id: string | null; status: string }>;
  /** Counts one contact message against the visitor's allowance (shared with the content API). */
  limitContactSubmission(): Promise<
    { allowed: true } | { allowed: false; retryAfterSeconds: number }
  >;
  /**
   * Whether uploads are served straight from a public bucket (S3_BUCKET with S3_PUBLIC_URL): the
   * server cannot withhold a trashed project's images then (issue 33, item 8). Absent: false.
   */
  mediaInPublicBucket?: boolean;
  /**
   * The newest mails of the auth platform's and the site's outboxes, for /dev/outbox; null when
   * the page is off (DEV_OUTBOX; on by default only under `npm run dev`).
   */
  devOutbox: { read(): Promise<DevOutboxPage> } | null;
};

/** One kept mail (apps/server/src/dev-outbox/dev-outbox.ts builds them). */
export interface DevOutboxMail {
  /** Unique across both outboxes: the source and the message's id. */
  key: string;
  /** `auth`: the auth platform's mail (codes, links); `site`: the site's contact notifications. */
  source: "auth" | "site";
  /** The auth project that sent it (auth platform only). */
  projectId: string | null;
  /** What the site sent it for, e.g. `contact_notification` (site only). */
  kind: string | null;
  /** ISO 8601 timestamps. */
  createdAt: string;
  sentAt: string | null;
  from: string;
  to: string;
  subject: string;
  /** Auth: queued (kept, no SMTP), sent, failed. Site: pending, sent, failed, not_sent. */
  status: string;
  /** Why it was not delivered, when it was not. */
  error: string | null;
  text: string;
  /** The HTML part; the site's notifications are plain text only. */
  html: string | null;
}

export interface DevOutboxPage {
  limit: number;
  /** How many messages both outboxes hold in all. */
  total: number;
  mails: DevOutboxMail[];
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

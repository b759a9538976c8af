/**
 * @module
 * The development outbox (issue 7: mail without SMTP "is kept in an outbox that the tests and a
 * development page read"): the newest messages of both outboxes, the auth platform's
 * (`auth.email_outbox`, every project) and the site's own (`content.email_outbox`, contact
 * notifications), merged newest first for the web app's /dev/outbox page.
 *
 * The messages hold sign-in links and codes, so the page exists only when the operator turns it
 * on: by default under `npm run dev` and nowhere else (`isDevOutboxEnabled`).
 */
import { listNewestOutboxEmails as listAuthOutbox } from "@heritage/auth-server";
import { listNewestOutboxEmails as listSiteOutbox } from "@heritage/content";
import type { Database } from "@heritage/db";
import type { DevOutboxMail, DevOutboxPage } from "@heritage/web/load-context";

/** How many messages the page shows: the newest ones across both outboxes. */
export const DEV_OUTBOX_LIMIT = 50;

export interface DevOutbox {
  read(): Promise<DevOutboxPage>;
}

export function isDevOutboxEnabled(config: {
  DEV_OUTBOX?: "on" | "off" | undefined;
  NODE_ENV: string;
}): boolean {
  return config.DEV_OUTBOX === undefined
    ? config.NODE_ENV === "development"
    : config.DEV_OUTBOX === "on";
}

export function createDevOutbox(db: Database, limit = DEV_OUTBOX_LIMIT): DevOutbox {
  return {
    async read() {
      // Each outbox's newest `limit` hold the newest `limit` of the two together.
      const [auth, site] = await Promise.all([
        listAuthOutbox(db, limit),
        listSiteOutbox(db, limit),
      ]);
      const mails: DevOutboxMail[] = [
        ...auth.emails.map((row) => ({
          key: `auth:${row.id}`,
          source: "auth" as const,
          projectId: row.projectId,
          kind: null,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          from: row.from,
          to: row.to,
          subject: row.subject,
          status: row.status,
          error: row.error,
          text: row.text,
          html: row.html || null,
        })),
        ...site.emails.map((row) => ({
          key: `site:${row.id}`,
          source: "site" as const,
          projectId: null,
          kind: row.kind,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at?.toISOString() ?? null,
          from: row.from_address,
          to: row.to_address,
          subject: row.subject,
          status: row.status,
          error: row.last_error,
          text: row.text_body,
          html: null,
        })),
      ];
      // A stable sort: within one outbox, equal timestamps keep the outbox's own newest-first order.
      mails.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      return { limit, total: auth.total + site.total, mails: mails.slice(0, limit) };
    },
  };
}

/**
 * @module
 * Environment variables of the site backend (content API, functions, media), as a zod shape the
 * server's config schema merges in. Each entry says what it does. The site's auth project has
 * its own shape (site-auth/site-auth-config.ts).
 */
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const positiveInteger = (what: string) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int("expected a whole number")
    .min(0);

export const siteConfigShape = {
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" })
    .optional()
    .describe(
      "SMTP server for contact notifications, e.g. smtp://user:pass@mail.example.org:587. Unset: messages are kept in the outbox only, readable by an admin.",
    ),
  EMAIL_FROM: z
    .string()
    .min(3)
    .default("Balkan Heritage <no-reply@example.org>")
    .describe("Sender of the e-mails the site sends."),
  CONTACT_NOTIFICATION_EMAIL: z
    .email({ error: "expected an e-mail address" })
    .optional()
    .describe(
      "Where contact-form notifications go. Default: the e-mail address on the contact page (site content); none are sent while that is still the default copy's placeholder (example.org).",
    ),
  CONTACT_RATE_LIMIT_MAX: positiveInteger("a number of messages")
    .min(1, "expected at least 1")
    .default(5)
    .describe("Contact-form messages accepted per client address within the window."),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: positiveInteger("a number of seconds")
    .min(1, "expected at least 1")
    .default(900)
    .describe("Length of the contact-form rate-limit window, in seconds."),
  CONTACT_MIN_FILL_SECONDS: positiveInteger("a number of seconds")
    .default(3)
    .describe(
      "A contact form sent back sooner than this after it was shown is treated as a bot (0 turns it off).",
    ),
  S3_BUCKET: z
    .string()
    .min(1)
    .optional()
    .describe(
      "S3-compatible bucket for uploaded media. Unset: media is stored on disk under DATA_DIR/media.",
    ),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .default("https://s3.amazonaws.com")
    .describe("S3 endpoint, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000."),
  S3_REGION: z
    .string()
    .min(1)
    .default("us-east-1")
    .describe("S3 region used in request signatures."),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().describe("S3 access key id (with S3_BUCKET)."),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("S3 secret access key (with S3_BUCKET)."),
  S3_FORCE_PATH_STYLE: booleanFlag
    .default(true)
    .describe("Address objects as {endpoint}/{bucket}/{key} (MinIO) instead of {bucket}.{host}."),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional()
    .describe(
      "Public base URL of the bucket (or its CDN). Unset: files are served through /media/*. Set, pages load images from the bucket, and a trashed project's images stay reachable there until it leaves the trash.",
    ),
  MEDIA_ORPHAN_GRACE_HOURS: z.coerce
    .number({ error: "expected a number of hours" })
    .min(0, "expected 0 or more")
    .max(24 * 365, "expected at most 8760 (a year)")
    .default(24)
    .describe(
      "Uploaded images no content refers to any more (a replaced one, one never saved) are removed, files and record, once they have been unreferenced this long. Each process sweeps hourly. Images of an item deleted for good (purged, or past TRASH_RETENTION_DAYS) go at once.",
    ),
  SCHEDULED_PUBLISHING_POLL_SECONDS: z.coerce
    .number({ error: "expected a number of seconds" })
    .int("expected a whole number")
    .min(1, "expected 1 or more")
    .max(300, "expected at most 300 (five minutes)")
    .default(30)
    .describe(
      "How often each process looks for publishing schedules that fell due (made by another process, or missed while none was up). A schedule made in a process also runs there at its time.",
    ),
  REVISION_RETENTION_DAYS: days(90).describe(
    "Every revision of projects, categories, FAQs and site content saved in this many days is kept (with REVISIONS_PER_ITEM, whichever keeps more).",
  ),
  REVISIONS_PER_ITEM: z.coerce
    .number({ error: "expected a number" })
    .int("expected a whole number")
    .min(1, "expected 1 or more")
    .max(100_000, "expected at most 100000")
    .default(50)
    .describe("The newest this many revisions of each item are kept, however old."),
  TRASH_RETENTION_DAYS: days(30).describe(
    "Deleted content stays in the trash, restorable with its images, this many days.",
  ),
  AUDIT_LOG_RETENTION_DAYS: days(365).describe(
    "Audit log entries (who did what and when) are kept this many days.",
  ),
};

/** A number of whole days, 1 to 36500, with a default. */
function days(fallback: number) {
  return z.coerce
    .number({ error: "expected a number of days" })
    .int("expected a whole number of days")
    .min(1, "expected 1 or more")
    .max(36_500, "expected at most 36500 (a century)")
    .default(fallback);
}

export const siteConfigSchema = z.object(siteConfigShape).superRefine((config, context) => {
  if (config.S3_BUCKET && !(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: "custom",
      path: ["S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET",
    });
  }
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

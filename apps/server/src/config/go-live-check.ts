/**
 * @module
 * The warning at start while the site content still holds the default copy's placeholders
 * ("[Street and number]", info@example.org, +387 00 000 000, the networks' home pages as social
 * links; issue 33, item 3). Visitors never see them, but the legal notice and contact details are
 * missing until they are replaced: one warn line names what is left and points at the admin
 * dashboard's go-live checklist, which lists each with a link to its form.
 */
import { describePlaceholders, findPlaceholders, listSiteContent } from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Logger } from "pino";

/** Where the go-live checklist is: the admin dashboard. */
export const GO_LIVE_CHECKLIST_PATH = "/admin";

/**
 * Logs one warning when placeholders are left, nothing when none are; returns what was named.
 * A database it cannot read is logged as a warning too: the start goes on.
 */
export async function warnOfPlaceholdersLeft(
  db: Database,
  logger: Pick<Logger, "warn">,
  publicUrl: string,
): Promise<string[]> {
  let placeholders: string[];
  try {
    const rows = new Map((await listSiteContent(db)).map((row) => [row.id, row]));
    placeholders = describePlaceholders(findPlaceholders((id) => rows.get(id)));
  } catch (error) {
    logger.warn({ err: error }, "could not check the site content for placeholders");
    return [];
  }
  if (placeholders.length === 0) return placeholders;
  logger.warn(
    { placeholders, checklist: `${publicUrl.replace(/\/$/, "")}${GO_LIVE_CHECKLIST_PATH}` },
    `not ready to go live: the site content still holds the default copy's placeholders (${placeholders.length === 1 ? "1 field" : `${placeholders.length} fields`}, hidden from visitors); the admin dashboard's go-live checklist lists each`,
  );
  return placeholders;
}

/**
 * @module
 * Readable addresses for projects that still have their UUID (issue 33, item 13). Before projects
 * had slugs, one made in the admin was published at its id (`/project/3f2c…`); migration 0007
 * kept that as its address, since SQL cannot fold diacritics the way `slugFromTitle` does. The
 * server calls this at start: each such project gets the address its English title reads as, and
 * the UUID address redirects to it (the database keeps the former address, as for any change).
 *
 * Each change is an ordinary content write (revision and audit entry by the server), made only
 * while the project's address is still its UUID id, so processes starting together on one
 * database change each project once, and an address an editor chose is never touched.
 */
import type { Database } from "@heritage/db";
import { and, eq, sql } from "drizzle-orm";
import { projects } from "../db/schema";
import { type ContentActor, writeContent } from "../revisions/content-writes";
import { updateProject } from "./projects-repository";

/** Who the history names for these changes. */
export const addressUpgradeActor: ContentActor = {
  id: "server",
  name: "Server (readable project addresses)",
};

const uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** Gives each project whose address is its UUID id one from its title; returns what changed. */
export async function adoptReadableProjectAddresses(
  db: Database,
): Promise<{ id: string; slug: string }[]> {
  const candidates = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.slug, projects.id), sql`${projects.slug} ~ ${uuidPattern}`));
  const changed: { id: string; slug: string }[] = [];
  for (const { id } of candidates) {
    const row = await writeContent(db, {
      table: "projects",
      operation: "update",
      id,
      actor: addressUpgradeActor,
      write: async (tx) => {
        // The row is locked now: another process may have given it an address meanwhile.
        const [current] = await tx
          .select({ slug: projects.slug })
          .from(projects)
          .where(eq(projects.id, id))
          .limit(1);
        if (current?.slug !== id) return null;
        return updateProject(tx, { id, slug: "" });
      },
    });
    if (row) changed.push({ id, slug: row.slug });
  }
  return changed;
}

/**
 * Where a project's pushed branch config came from (contract §3.7 `/internal/config/source`): set
 * by a branch-level `PUT /internal/config/override/branch`, read by `GET /internal/config/source`
 * and set back to `{type: "unlinked"}` by its `DELETE` (so the dashboard may edit it directly). Kept
 * on the branch row of `project_config_overrides`; a project that never pushed is unlinked, as in
 * the reference.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { projectConfigOverrides } from "../../db/schema";

/** The wire form (snake_case), as the SDK sends and reads it. */
export const branchConfigSourceSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("pushed-from-github"),
    owner: z.string(),
    repo: z.string(),
    branch: z.string(),
    commit_hash: z.string(),
    config_file_path: z.string(),
    workflow_path: z.string().optional(),
  }),
  z.strictObject({ type: z.literal("pushed-from-unknown") }),
  z.strictObject({ type: z.literal("unlinked") }),
]);
export type BranchConfigSource = z.infer<typeof branchConfigSourceSchema>;

const unlinked: BranchConfigSource = { type: "unlinked" };

const branchRow = (projectId: string) =>
  and(eq(projectConfigOverrides.projectId, projectId), eq(projectConfigOverrides.level, "branch"));

export async function readBranchConfigSource(
  db: Database,
  projectId: string,
): Promise<BranchConfigSource> {
  const [row] = await db
    .select({ source: projectConfigOverrides.source })
    .from(projectConfigOverrides)
    .where(branchRow(projectId));
  const parsed = branchConfigSourceSchema.safeParse(row?.source);
  return parsed.success ? parsed.data : unlinked;
}

/** Records the source; the branch level's override itself is left as it is. */
export async function setBranchConfigSource(
  db: Database,
  projectId: string,
  source: BranchConfigSource,
  now: Date,
): Promise<void> {
  await db
    .insert(projectConfigOverrides)
    .values({ projectId, level: "branch", override: {}, source, updatedAt: now })
    .onConflictDoUpdate({
      target: [projectConfigOverrides.projectId, projectConfigOverrides.level],
      set: { source, updatedAt: now },
    });
}

/** `DELETE /internal/config/source`: the pushed config stays, its source becomes `unlinked`. */
export function unlinkBranchConfigSource(db: Database, projectId: string, now: Date) {
  return setBranchConfigSource(db, projectId, unlinked, now);
}

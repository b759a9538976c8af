/**
 * @module
 * Named operations on projects: what the content API and the web app's loaders call. Writes
 * validate their input with the shared zod schemas (a `ZodError` is thrown on a bad input).
 */
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { isUniqueViolation, violatedConstraint } from "../db/postgres-errors";
import { projectRedirects, projects, trash } from "../db/schema";
import {
  type ProjectCreateInput,
  type ProjectUpdateInput,
  projectCreateSchema,
  projectUpdateSchema,
} from "./project-input";
import { chooseProjectSlug, slugFromTitle } from "./project-slugs";

/** A stored project, with every field of spec section 3 (and `image_url`, equal to `image`). */
export type Project = typeof projects.$inferSelect;

/** Spec section 9: a project page shows up to 3 related projects. */
export const RELATED_PROJECTS_LIMIT = 3;

export type ListProjectsOptions = {
  /** "oldest" (default) keeps the seeded order on the home page; the admin table uses "newest". */
  order?: "oldest" | "newest";
  /** Only projects of this category id. */
  category?: string;
  limit?: number;
};

/** Lists projects, oldest first unless `order: "newest"` (admin: created_at descending). */
export async function listProjects(
  db: Database,
  options: ListProjectsOptions = {},
): Promise<Project[]> {
  const order =
    options.order === "newest"
      ? [desc(projects.created_at), desc(projects.id)]
      : [asc(projects.created_at), asc(projects.id)];
  const query = db
    .select()
    .from(projects)
    .where(options.category ? eq(projects.category, options.category) : undefined)
    .orderBy(...order);
  return options.limit ? query.limit(options.limit) : query;
}

/** The project with this id, or null (the page then shows "Project not found"). */
export async function findProjectById(db: Database, id: string): Promise<Project | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
}

/**
 * The project a public address leads to: `current` when it is the project's own address, else
 * `moved` (the page answers a permanent redirect to `project.slug`): a former address, the
 * project's id (UUID addresses of old admin-made projects keep working), or the address in other
 * letter case. A project's own address always wins over another's former one.
 */
export async function findProjectByAddress(
  db: Database,
  address: string,
): Promise<{ project: Project; at: "current" | "moved" } | null> {
  const [own] = await db.select().from(projects).where(eq(projects.slug, address)).limit(1);
  if (own) return { project: own, at: "current" };
  const [former] = await db
    .select({ project: projects })
    .from(projectRedirects)
    .innerJoin(projects, eq(projects.id, projectRedirects.project_id))
    .where(eq(projectRedirects.slug, address))
    .limit(1);
  if (former) return { project: former.project, at: "moved" };
  const byId = await findProjectById(db, address);
  if (byId) return { project: byId, at: "moved" };
  const lowerCase = address.toLowerCase();
  if (lowerCase !== address) {
    const found = await findProjectByAddress(db, lowerCase);
    return found && { project: found.project, at: "moved" };
  }
  return null;
}

/**
 * Projects of the same category, excluding the current one (spec section 2): at most
 * `limit` (default 3), oldest first.
 */
export async function listRelatedProjects(
  db: Database,
  options: { category: string; excludeId: string; limit?: number },
): Promise<Project[]> {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.category, options.category), ne(projects.id, options.excludeId)))
    .orderBy(asc(projects.created_at), asc(projects.id))
    .limit(options.limit ?? RELATED_PROJECTS_LIMIT);
}

/**
 * Who holds an address, other than project `exceptId`: a project (live), or one in the trash
 * (it gets the address back when restored). A former address of another project is not held: a
 * project may take it, and the redirect goes (the database drops it).
 */
async function findAddressHolder(
  tx: Database,
  slug: string,
  exceptId: string | undefined,
): Promise<{ where: "projects" | "trash"; title: string } | null> {
  const [live] = await tx
    .select({ title: projects.title })
    .from(projects)
    .where(
      and(eq(projects.slug, slug), exceptId === undefined ? undefined : ne(projects.id, exceptId)),
    )
    .limit(1);
  if (live) return { where: "projects", title: live.title };
  const [trashed] = await tx
    .select({ title: sql<string>`${trash.data}->>'title'` })
    .from(trash)
    .where(
      and(
        eq(trash.table_name, "projects"),
        eq(trashedSlug, slug),
        exceptId === undefined ? undefined : ne(trash.row_id, exceptId),
      ),
    )
    .limit(1);
  return trashed ? { where: "trash", title: trashed.title ?? "" } : null;
}

/** A trashed project's address (one trashed before addresses were kept has its id). */
const trashedSlug = sql<string>`coalesce(${trash.data}->>'slug', ${trash.row_id})`;

/**
 * Addresses are handed out one writer at a time (a transaction-scoped lock, every process
 * sharing the database), so two projects saved at once with the same title get `x` and `x-2`
 * rather than one of them a unique-index error.
 */
async function lockProjectAddresses(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROJECT_ADDRESS_LOCK})`);
}
/** The advisory lock key of project addresses (any fixed number no other lock uses). */
const PROJECT_ADDRESS_LOCK = 1_314_013;

/**
 * A free address made from `wanted` (`wanted`, `wanted-2`...): not a project's, not a trashed
 * project's, not anyone's former address (so that old links keep leading to their project),
 * except those of project `exceptId` itself, and never reserved.
 */
async function allocateProjectSlug(
  tx: Database,
  wanted: string,
  exceptId: string | undefined,
): Promise<string> {
  return chooseProjectSlug(wanted, async (candidates) => {
    const notOwn = <T>(condition: T) => (exceptId === undefined ? undefined : condition);
    const [live, former, trashed] = await Promise.all([
      tx
        .select({ slug: projects.slug })
        .from(projects)
        .where(and(inArray(projects.slug, candidates), notOwn(ne(projects.id, exceptId ?? "")))),
      tx
        .select({ slug: projectRedirects.slug })
        .from(projectRedirects)
        .where(
          and(
            inArray(projectRedirects.slug, candidates),
            notOwn(ne(projectRedirects.project_id, exceptId ?? "")),
          ),
        ),
      tx
        .select({ slug: trashedSlug })
        .from(trash)
        .where(
          and(
            eq(trash.table_name, "projects"),
            inArray(trashedSlug, candidates),
            notOwn(ne(trash.row_id, exceptId ?? "")),
          ),
        ),
    ]);
    return new Set([...live, ...former, ...trashed].map((row) => row.slug));
  });
}

/** The 409 for an address someone else holds, naming who, so the editor knows what to do. */
function addressTaken(slug: string, holder: { where: "projects" | "trash"; title: string }) {
  const message =
    holder.where === "projects"
      ? `The address /project/${slug} is already used by the project "${holder.title}". Please choose another.`
      : `The address /project/${slug} belongs to the project "${holder.title}" in the trash (it gets it back when restored). Please choose another, or delete that project forever first.`;
  return new ContentError("SLUG_TAKEN", message, { fields: [{ field: "slug", message }] });
}

/** Takes `slug` for project `exceptId` (or a new one): the 409 when someone else holds it. */
async function claimProjectSlug(
  tx: Database,
  slug: string,
  exceptId: string | undefined,
): Promise<string> {
  const holder = await findAddressHolder(tx, slug, exceptId);
  if (holder) throw addressTaken(slug, holder);
  return slug;
}

/** A write's unique-index error as the API answers it: the address or the id is taken. */
function uniqueViolationError(error: unknown, slug: string | undefined): ContentError {
  if (violatedConstraint(error) === "projects_slug_idx") {
    return addressTaken(slug ?? "", { where: "projects", title: "another project" });
  }
  return new ContentError("DUPLICATE_ID");
}

/**
 * Inserts a project and returns the stored row. Its address is the one sent (409 `SLUG_TAKEN`
 * when another project or a trashed one has it), else one made from the id sent or the English
 * title. Throws `DUPLICATE_ID` when the id is taken.
 */
export async function createProject(db: Database, input: ProjectCreateInput): Promise<Project> {
  const { slug: chosen, ...values } = projectCreateSchema.parse(input);
  let slug: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      await lockProjectAddresses(tx);
      slug = chosen
        ? await claimProjectSlug(tx, chosen, undefined)
        : await allocateProjectSlug(tx, values.id ?? slugFromTitle(values.title), undefined);
      const [row] = await tx
        .insert(projects)
        .values({ ...values, slug })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueViolationError(error, slug);
    throw error;
  }
}

/**
 * Updates the given fields of project `input.id` (and updated_at); null when there is none. A
 * new `slug` moves its address (409 `SLUG_TAKEN` when someone else holds it; the database keeps
 * the old one as a redirect); an empty one makes it from the English title again.
 */
export async function updateProject(
  db: Database,
  input: ProjectUpdateInput,
): Promise<Project | null> {
  const { id, slug: chosen, ...changes } = projectUpdateSchema.parse(input);
  let slug: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      if (chosen !== undefined) {
        const [current] = await tx
          .select({ slug: projects.slug, title: projects.title })
          .from(projects)
          .where(eq(projects.id, id))
          .limit(1);
        if (!current) return null;
        await lockProjectAddresses(tx);
        if (!chosen) {
          slug = await allocateProjectSlug(tx, slugFromTitle(changes.title ?? current.title), id);
        } else if (chosen !== current.slug) {
          slug = await claimProjectSlug(tx, chosen, id);
        }
      }
      const [row] = await tx
        .update(projects)
        .set({ ...changes, ...(slug === undefined ? {} : { slug }), updated_at: new Date() })
        .where(eq(projects.id, id))
        .returning();
      return row ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueViolationError(error, slug);
    throw error;
  }
}

/**
 * The address a project restored from its history or the trash may have (issue 33, item 13):
 * the one it had then when nobody else holds it now (its former address redirects to it, as for
 * any change); else, for a project coming back from the trash, a free one made from it; for a
 * project still live, the address it has (the restore leaves it). `values` are the columns the
 * restore writes; returns them with the address settled.
 */
export async function settleRestoredProjectSlug(
  tx: Database,
  id: string,
  values: Record<string, unknown>,
  current: { slug?: unknown } | null,
): Promise<Record<string, unknown>> {
  const kept = typeof values.slug === "string" && values.slug !== "" ? values.slug : null;
  // A state saved before projects had addresses says nothing about it: a live project keeps its
  // own; one back from the trash had its id.
  if (current && (kept === null || kept === current.slug)) return values;
  const wanted = kept ?? id;
  await lockProjectAddresses(tx);
  if (!(await findAddressHolder(tx, wanted, id))) return { ...values, slug: wanted };
  if (current) {
    const { slug: _kept, ...rest } = values;
    return rest;
  }
  return { ...values, slug: await allocateProjectSlug(tx, wanted, id) };
}

/** Deletes a project; returns the deleted row, or null when there was none. */
export async function deleteProject(db: Database, id: string): Promise<Project | null> {
  const [row] = await db.delete(projects).where(eq(projects.id, id)).returning();
  return row ?? null;
}

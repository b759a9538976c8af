/**
 * @module
 * Named operations on projects: what the content API and the web app's loaders call. Writes
 * validate their input with the shared zod schemas (a `ZodError` is thrown on a bad input).
 */
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { isUniqueViolation } from "../db/postgres-errors";
import { projects } from "../db/schema";
import {
  type ProjectCreateInput,
  type ProjectUpdateInput,
  projectCreateSchema,
  projectUpdateSchema,
} from "./project-input";

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

/** Inserts a project and returns the stored row. Throws `DUPLICATE_ID` when the id is taken. */
export async function createProject(db: Database, input: ProjectCreateInput): Promise<Project> {
  const values = projectCreateSchema.parse(input);
  try {
    const [row] = await db.insert(projects).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentError("DUPLICATE_ID");
    throw error;
  }
}

/** Updates the given fields of project `input.id` (and updated_at); null when there is none. */
export async function updateProject(
  db: Database,
  input: ProjectUpdateInput,
): Promise<Project | null> {
  const { id, ...changes } = projectUpdateSchema.parse(input);
  const [row] = await db
    .update(projects)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a project; returns the deleted row, or null when there was none. */
export async function deleteProject(db: Database, id: string): Promise<Project | null> {
  const [row] = await db.delete(projects).where(eq(projects.id, id)).returning();
  return row ?? null;
}

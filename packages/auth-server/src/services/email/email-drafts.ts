/**
 * The admin's e-mail drafts (`/internal/email-drafts`, the reference's shapes): one-off messages in
 * the template markup (services/email-designs/email-designs.ts), sent with `send-email` `draft_id`. A draft's
 * theme is the project's selected one, none (`false`), or a theme id, as for templates.
 * @module
 */
import { and, desc, eq } from "drizzle-orm";
import { type EmailDraftRow, emailDrafts } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import { findTheme } from "./email-admin";

/** A new draft's source when none is given (the reference's default, in this server's markup). */
export const defaultDraftSource = [
  '<Subject value="Hello {{ userDisplayName }}!" />',
  '<NotificationCategory value="Marketing" />',
  "<p><strong>Hi {{ userDisplayName }}!</strong></p>",
].join("\n");

/** Undefined (or null): the project's selected theme; false: none; a string: that theme. */
export type DraftThemeChoice = string | false | null | undefined;

export interface EmailDraftItem {
  id: string;
  display_name: string;
  tsx_source: string;
  /** Absent: the project's selected theme. */
  theme_id?: string | false;
  sent_at_millis: number | null;
}

export function draftThemeId(
  row: Pick<EmailDraftRow, "themeMode" | "themeId">,
): string | false | undefined {
  if (row.themeMode === "none") return false;
  if (row.themeMode === "custom" && row.themeId !== null) return row.themeId;
  return undefined;
}

function toItem(row: EmailDraftRow): EmailDraftItem {
  const themeId = draftThemeId(row);
  return {
    id: row.id,
    display_name: row.displayName,
    tsx_source: row.tsxSource,
    ...(themeId !== undefined ? { theme_id: themeId } : {}),
    sent_at_millis: row.sentAt ? row.sentAt.getTime() : null,
  };
}

/** The stored columns for a theme choice; an unknown theme id is refused (404). */
function themeColumns(project: LoadedProject, choice: DraftThemeChoice) {
  if (choice === false) return { themeMode: "none" as const, themeId: null };
  if (choice === undefined || choice === null)
    return { themeMode: "project" as const, themeId: null };
  if (!findTheme(project.config, choice)) throw plainErrors.themeNotFound();
  return { themeMode: "custom" as const, themeId: choice };
}

/** The project's drafts, most recently changed first. */
export async function listDrafts(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
): Promise<EmailDraftItem[]> {
  const rows = await deps.db
    .select()
    .from(emailDrafts)
    .where(eq(emailDrafts.projectId, projectId))
    .orderBy(desc(emailDrafts.updatedAt), desc(emailDrafts.createdAt));
  return rows.map(toItem);
}

export async function findDraft(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  id: string,
): Promise<EmailDraftRow | null> {
  const [row] = await deps.db
    .select()
    .from(emailDrafts)
    .where(and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id)));
  return row ?? null;
}

export async function getDraft(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  id: string,
): Promise<EmailDraftItem> {
  const row = await findDraft(deps, projectId, id);
  if (!row) throw plainErrors.draftNotFound();
  return toItem(row);
}

export async function createDraft(
  deps: Pick<AuthDeps, "db" | "ids" | "clock">,
  project: LoadedProject,
  input: { displayName: string; themeId: DraftThemeChoice; tsxSource?: string | undefined },
): Promise<string> {
  const id = deps.ids.generateId();
  const now = deps.clock();
  await deps.db.insert(emailDrafts).values({
    id,
    projectId: project.id,
    displayName: input.displayName,
    ...themeColumns(project, input.themeId),
    tsxSource: input.tsxSource ?? defaultDraftSource,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * Changes the given fields only: an absent `theme_id` keeps the draft's theme (the reference would
 * reset it to the project's; the SDK omits it when only the name or source changes), null picks
 * the project's selected theme.
 */
export async function updateDraft(
  deps: Pick<AuthDeps, "db" | "clock">,
  project: LoadedProject,
  id: string,
  input: {
    displayName?: string | undefined;
    themeId?: DraftThemeChoice;
    tsxSource?: string | undefined;
  },
): Promise<void> {
  const theme = input.themeId === undefined ? {} : themeColumns(project, input.themeId);
  const updated = await deps.db
    .update(emailDrafts)
    .set({
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
      ...(input.tsxSource !== undefined ? { tsxSource: input.tsxSource } : {}),
      ...theme,
      updatedAt: deps.clock(),
    })
    .where(and(eq(emailDrafts.projectId, project.id), eq(emailDrafts.id, id)))
    .returning({ id: emailDrafts.id });
  if (updated.length === 0) throw plainErrors.draftNotFound();
}

export async function deleteDraft(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.db
    .delete(emailDrafts)
    .where(and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id)))
    .returning({ id: emailDrafts.id });
  if (deleted.length === 0) throw plainErrors.draftNotFound();
}

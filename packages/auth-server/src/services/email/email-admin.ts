/**
 * The admin's e-mail templates and themes (contract §3.4): built-ins (email-designs.ts) merged with
 * the project's entries in config `emails.templates` and `emails.themes`, which override a built-in under the same id.
 * Edits rewrite the config under a row lock (concurrent admin edits apply one after the other) and
 * are rendered first, so a broken source is never stored.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import {
  type DesignInput,
  isTsxSource,
  type RenderedEmailDesign,
  renderEmailDesign,
} from "../email-designs/design-rendering";
import {
  builtInTemplates,
  builtInThemeIds,
  builtInThemes,
  checkThemeSource,
  EmailRenderingError,
  type EmailTemplateDesign,
  type EmailThemeDesign,
  formerBuiltInThemeIds,
  newTemplateSource,
} from "../email-designs/email-designs";
import type { EmailRenderer } from "../email-sandbox/tsx-sandbox";
import { type ProjectConfig, parseProjectConfig, templatesInUse } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";

/** The config's `emails`: a change edits its `templates` and `themes`. */
type Designs = ProjectConfig["emails"];

/** The template a TSX theme is tried with before it is stored. */
const themeCheckTemplate = [
  'import { Subject, NotificationCategory } from "@stackframe/emails";',
  "export function EmailTemplate() {",
  '  return <><Subject value="Theme check" /><NotificationCategory value="Transactional" /><p>Theme check</p></>;',
  "}",
].join("\n");

/** Sample values for previews (as the reference's render endpoint). */
export function previewVariables(project: LoadedProject): Record<string, string> {
  return {
    projectDisplayName: project.displayName,
    teamDisplayName: "My Team",
    userDisplayName: "John Doe",
    emailVerificationLink: "<email verification link>",
    otp: "3SLSWZ",
    magicLink: "<magic link>",
    passwordResetLink: "<password reset link>",
    teamInvitationLink: "<team invitation link>",
    signInInvitationLink: "<sign in invitation link>",
  };
}

export function listTemplates(config: ProjectConfig): Array<[string, EmailTemplateDesign]> {
  return Object.entries({ ...builtInTemplates, ...templatesInUse(config) });
}

export function findTemplate(config: ProjectConfig, id: string): EmailTemplateDesign | null {
  return templatesInUse(config)[id] ?? builtInTemplates[id] ?? null;
}

export function listThemes(config: ProjectConfig): Array<[string, EmailThemeDesign]> {
  return Object.entries({ ...builtInThemes, ...config.emails.themes });
}

export function findTheme(config: ProjectConfig, id: string): EmailThemeDesign | null {
  return config.emails.themes[id] ?? builtInThemes[formerBuiltInThemeIds[id] ?? id] ?? null;
}

/** The project's selected theme (`emails.selectedThemeId`), falling back to Default Light. */
export function selectedThemeSource(config: ProjectConfig): string {
  const selected = config.emails.selectedThemeId;
  const theme = (selected && findTheme(config, selected)) || builtInThemes[builtInThemeIds.light];
  return theme?.tsxSource ?? "{{ content }}";
}

/** The theme source for a template's or request's theme choice; unknown ids are StatusError 404. */
export function themeSourceFor(
  config: ProjectConfig,
  themeId: string | false | null | undefined,
): string | null {
  if (themeId === undefined) return selectedThemeSource(config);
  if (themeId === false || themeId === null) return null;
  const theme = findTheme(config, themeId);
  if (!theme) throw plainErrors.themeNotFound();
  return theme.tsxSource;
}

/** Renders, turning a broken source into KE EMAIL_RENDERING_ERROR. */
export async function renderOrThrow(
  renderer: EmailRenderer,
  input: DesignInput,
): Promise<RenderedEmailDesign> {
  try {
    return await renderEmailDesign(renderer, input);
  } catch (error) {
    if (error instanceof EmailRenderingError) {
      throw knownErrors.emailRenderingError({ error: error.message });
    }
    throw error;
  }
}

/** A preview of a design for the admin: sample values, the template's and theme's preview props. */
export function renderPreview(
  renderer: EmailRenderer,
  project: LoadedProject,
  templateSource: string,
  themeSource: string | null,
): Promise<RenderedEmailDesign> {
  return renderOrThrow(renderer, {
    projectId: project.id,
    templateSource,
    themeSource,
    project: { displayName: project.displayName },
    user: { displayName: "John Doe" },
    variables: previewVariables(project),
    missing: "preview",
  });
}

async function changeDesigns(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  change: (current: Designs) => Designs,
): Promise<void> {
  await deps.db.transaction(async (tx: Database) => {
    const [row] = await tx
      .select({ config: projects.config })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    const config = parseProjectConfig(row?.config);
    const emails = change(structuredClone(config.emails));
    await tx
      .update(projects)
      .set({ config: { ...config, emails } })
      .where(eq(projects.id, projectId));
  });
}

export async function createTemplate(
  deps: Pick<AuthDeps, "db" | "ids">,
  project: LoadedProject,
  displayName: string,
): Promise<string> {
  if (project.config.emails.server.isShared) throw knownErrors.requiresCustomEmailServer();
  const id = deps.ids.generateId();
  await changeDesigns(deps, project.id, (designs) => {
    designs.templates[id] = { displayName, tsxSource: newTemplateSource };
    return designs;
  });
  return id;
}

/** Stores a new source (and theme choice) after rendering it; resolves with the preview HTML. */
export async function updateTemplate(
  deps: Pick<AuthDeps, "db" | "emailRenderer">,
  project: LoadedProject,
  id: string,
  update: { tsxSource: string; themeId?: string | false | null | undefined },
): Promise<string> {
  if (project.config.emails.server.isShared) throw knownErrors.requiresCustomEmailServer();
  const existing = findTemplate(project.config, id);
  if (!existing) throw plainErrors.templateNotFound();
  const themeId = update.themeId === null ? false : update.themeId;
  const rendered = await renderPreview(
    deps.emailRenderer,
    project,
    update.tsxSource,
    themeSourceFor(project.config, themeId),
  );
  await changeDesigns(deps, project.id, (designs) => {
    const next: EmailTemplateDesign = {
      displayName: existing.displayName,
      tsxSource: update.tsxSource,
    };
    if (themeId !== undefined) next.themeId = themeId;
    designs.templates[id] = next;
    return designs;
  });
  return rendered.html;
}

/** Deletes a project template; for a built-in, removes the override (the default applies again). */
export async function deleteTemplate(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  id: string,
): Promise<void> {
  if (project.config.emails.server.isShared) throw knownErrors.requiresCustomEmailServer();
  if (!findTemplate(project.config, id)) throw plainErrors.templateNotFound();
  await changeDesigns(deps, project.id, (designs) => {
    delete designs.templates[id];
    return designs;
  });
}

export async function createTheme(
  deps: Pick<AuthDeps, "db" | "ids">,
  project: LoadedProject,
  displayName: string,
): Promise<string> {
  const id = deps.ids.generateId();
  const source = builtInThemes[builtInThemeIds.light]?.tsxSource ?? "{{ content }}";
  await changeDesigns(deps, project.id, (designs) => {
    designs.themes[id] = { displayName, tsxSource: source };
    return designs;
  });
  return id;
}

export async function updateTheme(
  deps: Pick<AuthDeps, "db" | "emailRenderer">,
  project: LoadedProject,
  id: string,
  tsxSource: string,
): Promise<EmailThemeDesign> {
  const existing = findTheme(project.config, id);
  if (!existing) throw plainErrors.themeNotFound();
  if (isTsxSource(tsxSource)) {
    await renderPreview(deps.emailRenderer, project, themeCheckTemplate, tsxSource);
  } else {
    try {
      checkThemeSource(tsxSource);
    } catch (error) {
      if (error instanceof EmailRenderingError) {
        throw knownErrors.emailRenderingError({ error: error.message });
      }
      throw error;
    }
    await renderPreview(
      deps.emailRenderer,
      project,
      '<Subject value="" /><NotificationCategory value="" />',
      tsxSource,
    );
  }
  const next = { displayName: existing.displayName, tsxSource };
  await changeDesigns(deps, project.id, (designs) => {
    designs.themes[id] = next;
    return designs;
  });
  return next;
}

export async function deleteTheme(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  id: string,
): Promise<void> {
  if (!findTheme(project.config, id)) throw plainErrors.themeNotFound();
  await changeDesigns(deps, project.id, (designs) => {
    delete designs.themes[id];
    return designs;
  });
}

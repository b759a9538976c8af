/**
 * The flows' e-mails (verification, password reset, magic link, team invitation) through the
 * project's template overrides: while a project has not overridden a built-in template, the flow's
 * own renderer (emails.ts) produces exactly the message it always did; with an override, the
 * admin's source (markup, or TSX in the sandbox: design-rendering.ts) is rendered with the flow's
 * variables and the template's (or project's) theme.
 * An override that cannot render (say, it uses a variable the flow does not have) falls back to the
 * built-in message: a broken template must never stop a user from signing in.
 * @module
 */

import type { RenderedEmail } from "../email-delivery/emails";
import { renderEmailDesign } from "../email-designs/design-rendering";
import { type BuiltInTemplateType, builtInTemplateIds } from "../email-designs/email-designs";
import type { EmailRenderer } from "../email-sandbox/tsx-sandbox";
import { templatesInUse } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import type { AuthLogger } from "../shared/auth-logger";
import { themeSourceFor } from "./email-admin";

export async function renderProjectEmail(
  project: LoadedProject,
  type: BuiltInTemplateType,
  variables: Record<string, string>,
  builtIn: () => RenderedEmail | Promise<RenderedEmail>,
  deps: { emailRenderer: EmailRenderer; logger?: AuthLogger },
  user: { displayName: string | null } = { displayName: null },
): Promise<RenderedEmail> {
  const logger = deps.logger;
  const override = templatesInUse(project.config)[builtInTemplateIds[type]];
  if (!override) return builtIn();
  try {
    const rendered = await renderEmailDesign(deps.emailRenderer, {
      projectId: project.id,
      templateSource: override.tsxSource,
      themeSource: themeSourceFor(project.config, override.themeId),
      project: { displayName: project.displayName },
      user,
      variables,
    });
    return { subject: rendered.subject ?? "", text: rendered.text, html: rendered.html };
  } catch (error) {
    logger?.error(
      {
        projectId: project.id,
        template: type,
        err: error instanceof Error ? error.message : String(error),
      },
      "E-mail template override failed to render; sent the built-in one",
    );
    return builtIn();
  }
}

/**
 * Renders a template inside a theme, whatever each is written in (decision 022):
 *
 * - markup with placeholders (our built-in designs and sources stored before TSX; email-designs.ts):
 *   rendered in-process, as before;
 * - TSX (React Email, the reference's format: a source that imports or exports something):
 *   rendered in the sandbox (tsx/tsx-sandbox.ts), in the project's turn; a project whose render
 *   queue is full gets a plain 429 (plainErrors.emailRendererBusy).
 *
 * A mix works too: a markup template inside a TSX theme is its rendered HTML inside the theme; a
 * TSX template inside a markup theme is rendered alone and filled into the theme's `{{ content }}`.
 * @module
 */

import {
  type EmailRenderer,
  emptyThemeSource,
  type ProjectLogos,
  passThroughThemeSource,
  rendererBusyRetrySeconds,
  templateFromHtml,
} from "../email-sandbox/tsx-sandbox";
import { escapeHtml } from "../shared/escape-html";
import { plainErrors } from "../shared/plain-errors";
import {
  EmailRenderingError,
  htmlToText,
  type MissingVariables,
  renderDesign,
} from "./email-designs";

/** A source written in TSX rather than markup: it imports or exports something. */
export function isTsxSource(source: string): boolean {
  return /^\s*(import|export)\b/m.test(source);
}

export interface DesignInput {
  /** Whose render queue a TSX render waits in (tsx/render-pool.ts). */
  projectId: string;
  templateSource: string;
  /** null: no theme. */
  themeSource: string | null;
  project: { displayName: string };
  user: { displayName: string | null };
  /** A TSX template gets them through its variablesSchema; markup gets them as text. */
  variables: Record<string, unknown>;
  unsubscribeLink?: string;
  projectLogos?: ProjectLogos;
  /** "preview": unknown markup variables stay visible and TSX previews use their preview props. */
  missing?: MissingVariables;
}

export interface RenderedEmailDesign {
  /** Undefined: a TSX template without <Subject />. */
  subject: string | undefined;
  /** Undefined: a TSX template without <NotificationCategory />. */
  notificationCategory: string | undefined;
  html: string;
  text: string;
}

function markupVariables(input: DesignInput): Record<string, string> {
  const values: Record<string, string> = {
    projectDisplayName: input.project.displayName,
    userDisplayName: input.user.displayName ?? "",
  };
  for (const [name, value] of Object.entries(input.variables)) {
    if (value === undefined) continue;
    values[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return values;
}

function fillMarkupTheme(
  themeSource: string,
  bodyHtml: string,
  variables: Record<string, string>,
  missing: MissingVariables,
): string {
  // The theme's own placeholders are filled by rendering it around a marker body.
  const marker = `email-body-${Math.random().toString(36).slice(2)}`;
  const shell = renderDesign(
    `<Subject value="" /><NotificationCategory value="" />${marker}`,
    themeSource,
    variables,
    missing,
  );
  return shell.html.replace(marker, () => bodyHtml);
}

/** The unsubscribe line a markup theme gets; a TSX theme places the link itself. */
function unsubscribeFooter(link: string): string {
  return `<p style="font-size: 12px; color: #666666; text-align: center"><a href="${escapeHtml(link)}">Click here</a> to unsubscribe from these emails</p>`;
}

/** Renders; a broken source, an unknown variable or a throwing template is EmailRenderingError. */
export async function renderEmailDesign(
  renderer: EmailRenderer,
  input: DesignInput,
): Promise<RenderedEmailDesign> {
  const missing = input.missing ?? "strict";
  const tsxTemplate = isTsxSource(input.templateSource);
  const tsxTheme = input.themeSource !== null && isTsxSource(input.themeSource);
  const variables = markupVariables(input);
  if (!tsxTemplate && !tsxTheme) {
    // Without a theme there is no link, as the reference's empty theme shows none.
    if (input.unsubscribeLink === undefined || input.themeSource === null) {
      return renderDesign(input.templateSource, input.themeSource, variables, missing);
    }
    const body = renderDesign(input.templateSource, null, variables, missing);
    const html = `${body.html}${unsubscribeFooter(input.unsubscribeLink)}`;
    const full = fillMarkupTheme(input.themeSource, html, variables, missing);
    return { ...body, html: full, text: htmlToText(full) };
  }
  let templateSource = input.templateSource;
  let fixed: { subject: string; notificationCategory: string } | null = null;
  if (!tsxTemplate) {
    const body = renderDesign(input.templateSource, null, variables, missing);
    fixed = { subject: body.subject, notificationCategory: body.notificationCategory };
    templateSource = templateFromHtml(body.html);
  }
  const themeSource =
    input.themeSource === null
      ? emptyThemeSource
      : tsxTheme
        ? input.themeSource
        : passThroughThemeSource;
  const result = await renderer.render({
    projectId: input.projectId,
    templateSource,
    themeSource,
    user: input.user,
    project: input.project,
    // Previews use the template's own PreviewVariables, not the markup's sample values.
    variables:
      missing === "preview"
        ? {}
        : {
            projectDisplayName: input.project.displayName,
            userDisplayName: input.user.displayName ?? "",
            ...input.variables,
          },
    themeProps: {
      ...(input.unsubscribeLink !== undefined ? { unsubscribeLink: input.unsubscribeLink } : {}),
      projectLogos: input.projectLogos ?? {},
    },
    previewMode: missing === "preview",
  });
  if (!result.ok && result.busy) throw plainErrors.emailRendererBusy(rendererBusyRetrySeconds);
  if (!result.ok) throw new EmailRenderingError(result.error);
  let html = result.html;
  let text = result.text;
  if (input.themeSource !== null && !tsxTheme) {
    const footer =
      input.unsubscribeLink === undefined ? "" : unsubscribeFooter(input.unsubscribeLink);
    const body = `${html.replace(/^<!DOCTYPE[^>]*>/i, "")}${footer}`;
    html = fillMarkupTheme(input.themeSource, body, variables, missing);
    text = htmlToText(html);
  }
  return {
    subject: fixed ? fixed.subject : result.subject,
    notificationCategory: fixed ? fixed.notificationCategory : result.notificationCategory,
    html,
    text,
  };
}

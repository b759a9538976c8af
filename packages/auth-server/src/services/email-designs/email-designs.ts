/**
 * E-mail templates and themes (contract §3.4): the built-in ones, and the renderer.
 *
 * The reference renders TSX sources in an external code executor. This server never executes
 * project-supplied code; its template and theme sources are markup with placeholders instead:
 *
 * - A template holds `<Subject value="…" />` and `<NotificationCategory value="…" />` (both
 *   required, like the reference's components) and HTML for the message body.
 * - A theme is HTML that holds `{{ content }}` exactly once, where the rendered body goes.
 * - `{{ name }}` anywhere is replaced by the variable `name` (HTML-escaped in the body, as is in the
 *   subject). When sending, an unknown variable is a rendering error, checked before any message
 *   goes out, so a typo never reaches a recipient; previews (which cannot know a template's own
 *   variables) show it as `{{ name }}`.
 *
 * The text part is derived from the HTML, with each link's URL written out after its text (the
 * contract requires raw link URLs in the text part).
 * @module
 */
import { escapeHtml } from "../shared/escape-html";

/**
 * Fixed ids of the built-in templates (a project overrides one by storing an entry under its id):
 * the reference's (`DEFAULT_TEMPLATE_IDS` of Stack's stack-shared), which its SDK and apps pass to
 * `send-email` as `template_id`. Migration 0027 moved what projects stored under this server's
 * former ids (a70fb3a4-…-49d25603abd0 to …abd4, in this order).
 */
export const builtInTemplateIds = {
  email_verification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  password_reset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magic_link: "822687fe-8d0a-4467-a0d1-416b6e639478",
  team_invitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  sign_in_invitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
} as const;

export type BuiltInTemplateType = keyof typeof builtInTemplateIds;

export const builtInThemeIds = {
  light: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
  dark: "a0172b5d-cff0-463b-83bb-85124697373a",
  colorful: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
} as const;

export interface EmailTemplateDesign {
  displayName: string;
  tsxSource: string;
  /** Undefined: the project's selected theme; false: no theme. */
  themeId?: string | false | undefined;
}

export interface EmailThemeDesign {
  displayName: string;
  tsxSource: string;
}

function linkTemplate(options: {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): string {
  return [
    `<Subject value="${options.subject}" />`,
    `<NotificationCategory value="Transactional" />`,
    `<h1 style="font-size: 20px">${options.heading}</h1>`,
    `<p>${options.intro}</p>`,
    `<p><a href="{{ ${options.link} }}">${options.action}</a></p>`,
    `<p style="font-size: 12px; color: #555">${options.outro}</p>`,
  ].join("\n");
}

/** The built-in templates, with the subjects of contract §3.4 and the variables each flow passes. */
export const builtInTemplates: Record<string, EmailTemplateDesign> = {
  [builtInTemplateIds.email_verification]: {
    displayName: "Email Verification",
    tsxSource: linkTemplate({
      subject: "Verify your email at {{ projectDisplayName }}",
      heading: "Verify your email at {{ projectDisplayName }}",
      intro: "Please confirm your e-mail address by opening this link:",
      action: "Verify my email",
      link: "emailVerificationLink",
      outro: "If you did not ask for this, you can ignore this e-mail.",
    }),
  },
  [builtInTemplateIds.password_reset]: {
    displayName: "Password Reset",
    tsxSource: linkTemplate({
      subject: "Reset your password at {{ projectDisplayName }}",
      heading: "Reset your password at {{ projectDisplayName }}",
      intro: "Someone asked to reset the password of your account. To choose a new one, open:",
      action: "Reset my password",
      link: "passwordResetLink",
      outro:
        "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
    }),
  },
  [builtInTemplateIds.magic_link]: {
    displayName: "Magic Link/OTP",
    tsxSource: linkTemplate({
      subject: "Sign in to {{ projectDisplayName }}: Your code is {{ otp }}",
      heading: "Sign in to {{ projectDisplayName }}",
      intro: "Your sign-in code is {{ otp }}. Enter it on the sign-in page, or open this link:",
      action: "Sign in",
      link: "magicLink",
      outro:
        "If you did not ask for this, you can ignore this e-mail; nobody can sign in without it.",
    }),
  },
  [builtInTemplateIds.team_invitation]: {
    displayName: "Team Invitation",
    tsxSource: linkTemplate({
      subject: "You have been invited to join {{ teamDisplayName }}",
      heading: "You have been invited to join {{ teamDisplayName }}",
      intro:
        "You were invited to the team {{ teamDisplayName }} at {{ projectDisplayName }}. To join it, open:",
      action: "Join the team",
      link: "teamInvitationLink",
      outro: "If you did not expect this invitation, you can ignore this e-mail.",
    }),
  },
  [builtInTemplateIds.sign_in_invitation]: {
    displayName: "Sign In Invitation",
    tsxSource: linkTemplate({
      subject: "You have been invited to sign in to {{ projectDisplayName }}",
      heading: "You have been invited to sign in to {{ projectDisplayName }}",
      intro: "To sign in, open:",
      action: "Sign in",
      link: "signInInvitationLink",
      outro: "If you did not expect this invitation, you can ignore this e-mail.",
    }),
  },
};

const themeShell = (background: string, foreground: string) =>
  [
    "<!doctype html>",
    `<html><body style="margin: 0; background: ${background}; color: ${foreground}; font-family: sans-serif; line-height: 1.5">`,
    '<div style="max-width: 600px; margin: 0 auto; padding: 24px">',
    "{{ content }}",
    "</div>",
    "</body></html>",
  ].join("\n");

/**
 * Ids this server gave built-in themes before it took the reference's (Default Dark's was its
 * own): a project that selected one keeps its theme; they are read, never listed.
 */
export const formerBuiltInThemeIds: Readonly<Record<string, string>> = {
  "1df07ae6-abf3-4a40-83a5-a1a2cbe336ad": builtInThemeIds.dark,
};

export const builtInThemes: Record<string, EmailThemeDesign> = {
  [builtInThemeIds.light]: {
    displayName: "Default Light",
    tsxSource: themeShell("#ffffff", "#111111"),
  },
  [builtInThemeIds.dark]: {
    displayName: "Default Dark",
    tsxSource: themeShell("#111111", "#eeeeee"),
  },
  [builtInThemeIds.colorful]: {
    displayName: "Default Colorful",
    tsxSource: themeShell("#fff7ed", "#3b0764"),
  },
};

/** The source of a template an admin just created: a working starting point. */
export const newTemplateSource = [
  '<Subject value="Hello from {{ projectDisplayName }}" />',
  '<NotificationCategory value="Transactional" />',
  "<p>Hello {{ userDisplayName }},</p>",
  "<p>This is a new e-mail template.</p>",
].join("\n");

export class EmailRenderingError extends Error {
  override readonly name = "EmailRenderingError";
}

export interface RenderedDesign {
  subject: string;
  notificationCategory: string;
  html: string;
  text: string;
}

const placeholder = /\{\{\s*([^}]*?)\s*\}\}/g;
const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `strict` (sending): an unknown variable fails; `preview`: it stays visible as `{{ name }}`. */
export type MissingVariables = "strict" | "preview";

function fill(
  source: string,
  variables: Readonly<Record<string, string>>,
  encode: (value: string) => string,
  missing: MissingVariables,
): string {
  return source.replace(placeholder, (_match, name: string) => {
    if (!variableName.test(name))
      throw new EmailRenderingError(`Invalid placeholder "{{ ${name} }}"`);
    if (!Object.hasOwn(variables, name)) {
      if (missing === "preview") return encode(`{{ ${name} }}`);
      throw new EmailRenderingError(`Variable "${name}" is not defined`);
    }
    return encode(variables[name] ?? "");
  });
}

function takeElement(source: string, name: string): { value: string; rest: string } {
  const pattern = new RegExp(`<${name}\\s+value\\s*=\\s*"([^"]*)"\\s*/>`, "g");
  const matches = [...source.matchAll(pattern)];
  if (matches.length === 0)
    throw new EmailRenderingError(`${name} is missing: add <${name} value="…" />`);
  if (matches.length > 1) throw new EmailRenderingError(`${name} appears more than once`);
  return { value: matches[0]?.[1] ?? "", rest: source.replace(pattern, "") };
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** Plain text of rendered HTML: tags dropped, links as "text (url)", entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script)[\s\S]*?<\/\1>/gi, "")
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, href: string, label: string) => {
        const text = label.replace(/<[^>]*>/g, "").trim();
        return text && text !== href ? `${text} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|div|li|tr)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => entities[name] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .concat("\n");
}

/** Checks a theme source on its own (a theme edit must keep it usable). */
export function checkThemeSource(themeSource: string): void {
  const count = [...themeSource.matchAll(/\{\{\s*content\s*\}\}/g)].length;
  if (count !== 1) throw new EmailRenderingError("A theme must contain {{ content }} exactly once");
}

/**
 * Renders a template inside a theme (null: no theme). Throws EmailRenderingError for a broken
 * source or an unknown variable.
 */
export function renderDesign(
  templateSource: string,
  themeSource: string | null,
  variables: Readonly<Record<string, string>>,
  missing: MissingVariables = "strict",
): RenderedDesign {
  const subject = takeElement(templateSource, "Subject");
  const category = takeElement(subject.rest, "NotificationCategory");
  const part = (source: string) => fill(source, variables, escapeHtml, missing);
  const body = part(category.rest.trim());
  let html = body;
  if (themeSource !== null) {
    checkThemeSource(themeSource);
    const [before, after] = themeSource.split(/\{\{\s*content\s*\}\}/);
    html = `${part(before ?? "")}${body}${part(after ?? "")}`;
  }
  return {
    subject: fill(subject.value, variables, (value) => value, missing),
    notificationCategory: category.value,
    html,
    text: htmlToText(html),
  };
}

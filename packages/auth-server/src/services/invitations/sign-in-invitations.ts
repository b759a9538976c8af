/**
 * Sign-in invitations (`POST /internal/send-sign-in-invitation`, as the reference): an e-mail from
 * the built-in `sign_in_invitation` template ("You have been invited to sign in to {project}") whose
 * link is the given callback URL, which must be a trusted redirect. No code is made: the link only
 * leads the invitee to the project's sign-in. A project's override of the template is used when it
 * has one; it goes to the outbox and, when configured, out through SMTP like every other e-mail.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { AuthDeps } from "../auth-deps";
import { selectedThemeSource } from "../email/email-admin";
import { renderProjectEmail } from "../email/project-emails";
import { emailSenderFor } from "../email/project-mail";
import { renderEmailDesign } from "../email-designs/design-rendering";
import { builtInTemplateIds, builtInTemplates } from "../email-designs/email-designs";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";

/** Mails the invitation; resolves with the outbox id. */
export async function sendSignInInvitation(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "emails" | "logger" | "outgoing" | "emailRenderer">,
  project: LoadedProject,
  input: { email: string; callbackUrl: string },
): Promise<string> {
  if (!isTrustedRedirectUrl(project.config, input.callbackUrl)) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  // The reference passes the project's name as `teamDisplayName` too; overrides may use either.
  const variables = {
    signInInvitationLink: input.callbackUrl,
    teamDisplayName: project.displayName,
  };
  // In the project's selected theme, which may be TSX (rendered in the sandbox, decision 022).
  const renderBuiltIn = async () => {
    const design = builtInTemplates[builtInTemplateIds.sign_in_invitation];
    if (!design) throw new Error("The built-in sign-in invitation template is missing");
    const rendered = await renderEmailDesign(deps.emailRenderer, {
      projectId: project.id,
      templateSource: design.tsxSource,
      themeSource: selectedThemeSource(project.config),
      project: { displayName: project.displayName },
      user: { displayName: null },
      variables,
    });
    return { subject: rendered.subject ?? "", text: rendered.text, html: rendered.html };
  };
  return emailSenderFor(deps, project).send({
    projectId: project.id,
    fromName: project.displayName,
    to: input.email,
    ...(await renderProjectEmail(project, "sign_in_invitation", variables, renderBuiltIn, deps)),
  });
}

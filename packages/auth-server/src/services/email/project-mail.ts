/**
 * Which server a project's mail goes out through (contract §3.4, issue 7): the project's own SMTP
 * server and sender when its e-mail config is not shared; otherwise the process-wide sender
 * (`SMTP_URL` with `EMAIL_FROM`, or the outbox alone without `SMTP_URL`). Every message is stored
 * in the outbox first whichever server sends it (services/email-delivery/emails.ts). A project's server that
 * fails does not make the mail go out another way: the reference never falls back to the shared
 * server either; the outbox keeps the message with the server's error. The project's server is
 * reached under the outgoing-request policy (outgoing/smtp-guard.ts): its host is set through the
 * API, so it may not be an internal address.
 * @module
 */
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { OutgoingPolicy } from "../../outgoing/outgoing-policy";
import { withSmtpGuard } from "../../outgoing/smtp-guard";
import type { AuthDeps } from "../auth-deps";
import { createEmailSender, type EmailSender } from "../email-delivery/emails";
import { smtpTimeouts } from "../email-delivery/smtp-options";
import type { ProjectConfig } from "../projects/project-config";

export interface SmtpServerSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

export type ProjectSmtpServer =
  | { kind: "shared" }
  | { kind: "standard"; server: SmtpServerSettings }
  /** Not shared, but host, port or sender address missing (possible through config overrides). */
  | { kind: "incomplete" };

/**
 * Resend's SMTP service, which the mail of a managed sending domain goes out through, signed in
 * with the domain's own key (as the reference sends it: implicit TLS on 465, user `resend`).
 */
const resendSmtp = { host: "smtp.resend.com", port: 465, username: "resend" } as const;

type EmailServerConfig = ProjectConfig["emails"]["server"];

/**
 * The server and sender of a managed sending domain (services/managed-email/), or null when the
 * config lacks the key, the subdomain or the sender's local part (possible through overrides).
 */
export function managedSmtpServer(server: EmailServerConfig): SmtpServerSettings | null {
  const { password, managedSubdomain, managedSenderLocalPart } = server;
  if (!password || !managedSubdomain || !managedSenderLocalPart) return null;
  return {
    ...resendSmtp,
    password,
    senderName: server.senderName ?? "",
    senderEmail: `${managedSenderLocalPart}@${managedSubdomain}`,
  };
}

export function projectSmtpServer(config: ProjectConfig): ProjectSmtpServer {
  const server = config.emails.server;
  if (server.isShared) return { kind: "shared" };
  if (server.provider === "managed") {
    const managed = managedSmtpServer(server);
    return managed ? { kind: "standard", server: managed } : { kind: "incomplete" };
  }
  if (!server.host || !server.port || !server.senderEmail) return { kind: "incomplete" };
  return {
    kind: "standard",
    server: {
      host: server.host,
      port: server.port,
      username: server.username ?? "",
      password: server.password ?? "",
      senderName: server.senderName ?? "",
      senderEmail: server.senderEmail,
    },
  };
}

/**
 * A custom server's settings as nodemailer options; 465 is implicit TLS, others STARTTLS. The
 * connection is opened under the outgoing-request policy.
 */
export function smtpTransportOptions(
  server: SmtpServerSettings,
  outgoing: OutgoingPolicy,
): SMTPTransport.Options {
  return withSmtpGuard(
    {
      host: server.host,
      port: server.port,
      secure: server.port === 465,
      auth: server.username ? { user: server.username, pass: server.password } : undefined,
      ...smtpTimeouts,
    },
    outgoing,
  );
}

type SenderDeps = Pick<AuthDeps, "db" | "clock" | "ids" | "logger" | "outgoing">;

/** A sender over the project's own server, from its sender name (else the project's) and address. */
export function createProjectServerSender(
  deps: SenderDeps,
  server: SmtpServerSettings,
): EmailSender {
  const senderName = server.senderName.replace(/["\\\r\n]/g, "");
  return createEmailSender({
    db: deps.db,
    clock: deps.clock,
    generateId: deps.ids.generateId,
    logger: deps.logger,
    transportOptions: smtpTransportOptions(server, deps.outgoing),
    emailFrom: senderName ? `"${senderName}" <${server.senderEmail}>` : server.senderEmail,
  });
}

/** The sender every mail of `project` goes out through. */
export function emailSenderFor(
  deps: SenderDeps & Pick<AuthDeps, "emails">,
  project: { config: ProjectConfig },
): EmailSender {
  const own = projectSmtpServer(project.config);
  if (own.kind === "shared") return deps.emails;
  if (own.kind === "standard") return createProjectServerSender(deps, own.server);
  return createEmailSender({
    db: deps.db,
    clock: deps.clock,
    generateId: deps.ids.generateId,
    logger: deps.logger,
    undeliverableReason:
      "The project's own e-mail server is not fully configured (host, port and sender e-mail are needed).",
  });
}

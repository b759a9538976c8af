/**
 * @module
 * Outgoing mail over SMTP (nodemailer) when `SMTP_URL` is set. Without it there is no mailer
 * and messages stay in the outbox, readable by an admin.
 */
import nodemailer from "nodemailer";

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** A mailer for `smtp://user:pass@host:587` or `smtps://...:465` URLs. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
      });
    },
  };
}

/** The SMTP mailer when `SMTP_URL` is set, else null (the outbox keeps every message). */
export function createMailerFromConfig(config: { SMTP_URL?: string | undefined }): Mailer | null {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : null;
}

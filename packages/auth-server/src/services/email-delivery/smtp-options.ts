/**
 * @module
 * Nodemailer options shared by every SMTP transport of the auth platform.
 */
import type SMTPTransport from "nodemailer/lib/smtp-transport";

/**
 * Bounds on a slow or unreachable SMTP server. Flow mails (verification, password reset, magic
 * links, invitations) are sent while their request waits: it must not wait nodemailer's defaults
 * of two minutes to connect and ten for a stalled socket.
 */
export const smtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const satisfies SMTPTransport.Options;

/** Options for an `smtp://` or `smtps://` URL with the bounds above (a value in the URL wins). */
export function smtpUrlTransportOptions(url: string): SMTPTransport.Options {
  return { url, ...smtpTimeouts };
}

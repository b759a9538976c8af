/**
 * Whether the platform's own mail server (`SMTP_URL`, the one sign-in codes and verification mail
 * go through) can be reached and accepts us: a connection, the greeting, and the login when the
 * URL has credentials (nodemailer's `verify()`), within a deadline. The reference's monitor signs a
 * user up and waits for the verification mail in a mailbox; this checks the server that mail takes,
 * without creating users or reading anyone's mailbox.
 * @module
 */
import { createTransport } from "nodemailer";
import { smtpUrlTransportOptions } from "../email-delivery/smtp-options";

export type PlatformMailHealth = { ok: true } | { ok: false; reason: string };

export async function checkPlatformMail(
  smtpUrl: string | undefined,
  timeoutMs = 10_000,
): Promise<PlatformMailHealth> {
  if (!smtpUrl) return { ok: false, reason: "No mail server is configured (SMTP_URL)." };
  const transport = createTransport({
    ...smtpUrlTransportOptions(smtpUrl),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    transport.close();
  }
}

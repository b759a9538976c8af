/**
 * `/internal/send-test-email` (contract §3.4): one message over SMTP settings an admin is about to
 * save, sent at once (not queued), so the admin sees at once whether the server works. Mail to a
 * project's users (`send-email`) is queued instead: services/email/send-email.ts and email-queue.ts.
 * @module
 */
import { createTransport } from "nodemailer";
import { findRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import { escapeHtml } from "../shared/escape-html";
import { type SmtpServerSettings, smtpTransportOptions } from "./project-mail";

/**
 * Sends one message over the given server right away; reports the failure instead of throwing. The
 * server comes from the request, so it is reached under the outgoing-request policy; a refused
 * host is reported as refused, nothing having been sent to it.
 */
export async function sendTestEmail(
  server: SmtpServerSettings,
  recipient: string,
  outgoing: OutgoingPolicy,
): Promise<{ success: true } | { success: false; error_message: string }> {
  const transport = createTransport(smtpTransportOptions(server, outgoing));
  const name = escapeHtml(server.senderName);
  try {
    await transport.sendMail({
      from: { name: server.senderName, address: server.senderEmail },
      to: recipient,
      subject: "Test Email",
      text: `This is a test e-mail from ${server.senderName}. Your e-mail server works.\n`,
      html: `<p>This is a test e-mail from ${name}. Your e-mail server works.</p>`,
    });
    return { success: true };
  } catch (error) {
    const refusal = findRefusal(error);
    return {
      success: false,
      error_message: refusal
        ? `Refused: ${refusal.message}.`
        : error instanceof Error
          ? error.message
          : String(error),
    };
  } finally {
    transport.close();
  }
}

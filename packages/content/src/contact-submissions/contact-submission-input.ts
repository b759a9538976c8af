/**
 * @module
 * The contact form (site spec, section 5, messages word for word) and the admin's status
 * change. The same schema validates the public form, the content API and send-contact-email.
 */
import { z } from "zod";
import { siteMessages } from "../content-errors";
import { contactSubmissionStatuses } from "../db/schema";
import { rowId } from "../input/field-schemas";
import { isStorableText } from "../input/storable-text";

/** Spec section 9: a message needs at least 10 characters. */
export const CONTACT_MESSAGE_MIN_LENGTH = 10;

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: tooLong, abort: true })
    // The web form stores what this schema passes without another check.
    .refine(isStorableText, { error: siteMessages.textNotStorable, abort: true });

/** What a visitor sends: name, email, subject and message. */
export const contactFormSchema = z.object({
  name: required(siteMessages.nameRequired, 200, "Name must be at most 200 characters"),
  email: required(siteMessages.emailRequired, 320, "Email must be at most 320 characters").pipe(
    z.email({ error: siteMessages.emailInvalid }),
  ),
  subject: required(siteMessages.subjectRequired, 300, "Subject must be at most 300 characters"),
  message: required(
    siteMessages.messageRequired,
    10_000,
    "Message must be at most 10000 characters long",
  ).pipe(z.string().min(CONTACT_MESSAGE_MIN_LENGTH, siteMessages.messageTooShort)),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

export const contactSubmissionStatusSchema = z.enum(contactSubmissionStatuses, {
  error: `Status must be one of: ${contactSubmissionStatuses.join(", ")}`,
});

/** The admin's change (PUT): a new status for one submission. */
export const contactSubmissionUpdateSchema = z.object({
  id: rowId,
  status: contactSubmissionStatusSchema,
});
export type ContactSubmissionUpdateInput = z.input<typeof contactSubmissionUpdateSchema>;
export type ContactSubmissionUpdate = z.output<typeof contactSubmissionUpdateSchema>;

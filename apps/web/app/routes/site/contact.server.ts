/**
 * @module
 * The contact form's server half: the same protection as the content API's public insert (a
 * honeypot field and a minimum fill time, answered as if successful so bots learn nothing), the
 * shared zod schema with the spec's messages, the insert through the repository, then the
 * notification e-mail through the send-contact-email function (called in process through the
 * load context), whose failure is only logged.
 */
import {
  type ContactForm,
  contactFormSchema,
  createContactSubmission,
  siteMessages,
} from "@heritage/content";
import type { AppLoadContext } from "react-router";
import {
  type ContactField,
  contactFields,
  FORM_STARTED_AT_FIELD,
  HONEYPOT_FIELD,
  readContactValues,
} from "../../lib/contact-form-fields";
import { readFormData } from "../../lib/form-data.server";
import { describeError, logServerEvent } from "../../lib/log.server";

/** A person needs longer than this to fill in four fields; faster is a bot. */
export const MIN_FILL_MILLISECONDS = 2000;

/** Keys of `contact.validation` in the UI strings, so messages show in the page's language. */
export type ValidationKey =
  | "nameRequired"
  | "emailRequired"
  | "emailInvalid"
  | "subjectRequired"
  | "messageRequired"
  | "messageTooShort"
  | "textNotStorable";

const validationKeys = new Map<string, ValidationKey>(
  (
    [
      "nameRequired",
      "emailRequired",
      "emailInvalid",
      "subjectRequired",
      "messageRequired",
      "messageTooShort",
      "textNotStorable",
    ] as const
  ).map((key) => [siteMessages[key], key]),
);

export type FieldError = { key: ValidationKey } | { text: string };

export type ContactActionResult =
  | { status: "success" }
  | {
      status: "invalid";
      errors: Partial<Record<ContactField, FieldError>>;
      values: Record<ContactField, string>;
    }
  | { status: "error"; values: Record<ContactField, string> }
  | {
      /** Too many messages from this address; `retryAfterSeconds` is null when unknown (a proxy's 429). */
      status: "rate-limited";
      retryAfterSeconds: number | null;
      values: Record<ContactField, string>;
    };

/**
 * A filled honeypot, or a form sent back sooner than a person could fill it in. A form without a
 * usable start time counts as too quick (issue 14): the page renders that hidden field with or
 * without JavaScript, so only a client that never loaded the form leaves it out.
 */
function isLikelyBot(form: FormData, now: number): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return true;
  // Absent or empty reads as 0, a file or text as NaN.
  const startedAt = Number(form.get(FORM_STARTED_AT_FIELD));
  return !Number.isFinite(startedAt) || startedAt <= 0 || now - startedAt < MIN_FILL_MILLISECONDS;
}

async function notifyByEmail(context: AppLoadContext, message: ContactForm) {
  const { requestId } = context;
  try {
    const notification = await context.notifyContact(message);
    if (notification.status === "failed") {
      logServerEvent("warn", "send-contact-email failed", { outboxId: notification.id, requestId });
    }
  } catch (error) {
    logServerEvent("warn", "send-contact-email failed", {
      error: describeError(error),
      requestId,
    });
  }
}

export async function handleContactSubmission(
  request: Request,
  context: AppLoadContext,
  now = Date.now(),
): Promise<{ result: ContactActionResult; status: number }> {
  const form = await readFormData(request);
  const values = readContactValues(form);
  const parsed = contactFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, FieldError>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== "string" || !(contactFields as readonly string[]).includes(field)) {
        continue;
      }
      const name = field as ContactField;
      if (errors[name]) continue;
      const key = validationKeys.get(issue.message);
      errors[name] = key ? { key } : { text: issue.message };
    }
    // A form shown again with its messages is a normal page (200), with or without JavaScript.
    return { result: { status: "invalid", errors, values }, status: 200 };
  }
  // Checked after validation: a form with mistakes is shown again either way and stores nothing.
  if (isLikelyBot(form, now)) {
    logServerEvent("info", "contact form dropped as spam", { requestId: context.requestId });
    return { result: { status: "success" }, status: 200 };
  }
  // Counted after the spam checks, so a bot's attempts never use up a visitor's allowance. A
  // limited visitor keeps everything they typed, and is told when to try again.
  const limit = await context.limitContactSubmission();
  if (!limit.allowed) {
    logServerEvent("warn", "contact form rate limited", {
      retryAfterSeconds: limit.retryAfterSeconds,
      requestId: context.requestId,
    });
    return {
      result: { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds, values },
      status: 429,
    };
  }
  try {
    await createContactSubmission(context.db, parsed.data);
  } catch (error) {
    logServerEvent("error", "storing a contact submission failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { result: { status: "error", values }, status: 500 };
  }
  // Not awaited: the visitor's answer never waits for mail (spec section 7).
  void notifyByEmail(context, parsed.data);
  return { result: { status: "success" }, status: 200 };
}

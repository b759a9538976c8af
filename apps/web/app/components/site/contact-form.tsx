/**
 * @module
 * The contact form (site spec, sections 2, 4, 5 and 8). One code path with and without
 * JavaScript: a POST form to the route's action, whose answer page shows the messages, the kept
 * text and the notice in this section (an empty form after success). With JavaScript
 * (site-enhancements.browser.ts) it is sent in place: "Sending..." while busy, then this section
 * is replaced by the answer's; when no answer page comes (no connection, a proxy's error page)
 * the text stays and the error or rate-limit notice of the templates below is shown.
 */
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { useStrings } from "../../lib/i18n";
import { buttonClasses } from "../ui/button-styles";
import { classNames } from "../ui/class-names";

export type ContactFieldName = "name" | "email" | "subject" | "message";
export type ContactFieldError = { key: string } | { text: string };
export type ContactFormResult =
  | { status: "success" }
  | {
      status: "invalid";
      errors: Partial<Record<ContactFieldName, ContactFieldError>>;
      values: Record<ContactFieldName, string>;
    }
  | { status: "error"; values: Record<ContactFieldName, string> }
  | {
      status: "rate-limited";
      retryAfterSeconds: number | null;
      values: Record<ContactFieldName, string>;
    };

/** The section's anchor: the answer page of a form sent without JavaScript opens there. */
export const contactSectionId = "contact-form";
const contactFields: readonly ContactFieldName[] = ["name", "email", "subject", "message"];

/** Whole minutes to wait, at least one; null when the server did not say. */
export function minutesToWait(retryAfterSeconds: number | null): number | null {
  if (retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds)) return null;
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

function Notice({
  tone,
  title,
  testId = tone,
  children,
}: {
  tone: "success" | "error";
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const Icon = tone === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={classNames(
        "flex gap-3 rounded-xl p-4",
        tone === "success"
          ? "bg-emerald-50 text-emerald-900"
          : "bg-(--color-terracotta-50) text-(--color-terracotta-700)",
      )}
      data-testid={`contact-notice-${testId}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}

export function ContactForm({
  title,
  result,
  formStartedAt,
  honeypotField,
  startedAtField,
}: {
  title: string;
  result: ContactFormResult | undefined;
  formStartedAt: number;
  honeypotField: string;
  startedAtField: string;
}) {
  const strings = useStrings();
  const { pathname } = useLocation();
  const errors = result?.status === "invalid" ? result.errors : {};
  const values = result && result.status !== "success" ? result.values : undefined;
  const validation = strings.contact.validation as Record<string, string>;

  const messageOf = (field: ContactFieldName): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return "key" in error ? (validation[error.key] ?? error.key) : error.text;
  };

  const field = (
    name: ContactFieldName,
    label: string,
    placeholder: string,
    input: (props: {
      id: string;
      name: string;
      "aria-invalid": boolean;
      "aria-describedby": string | undefined;
      defaultValue: string | undefined;
      placeholder: string;
      className: string;
    }) => ReactNode,
  ) => {
    const message = messageOf(name);
    const id = `contact-${name}`;
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-semibold text-(--color-heritage-900)">
          {label}
        </label>
        {input({
          id,
          name,
          "aria-invalid": message !== undefined,
          "aria-describedby": message ? `${id}-error` : undefined,
          defaultValue: values?.[name],
          placeholder,
          className: classNames(
            "w-full rounded-xl border-2 bg-white px-4 py-3 text-base text-(--color-ink) placeholder:text-gray-500",
            message
              ? "border-(--color-terracotta-600)"
              : "border-(--color-heritage-100) focus:border-(--color-heritage-700)",
          ),
        })}
        {message ? (
          <p id={`${id}-error`} className="text-sm font-medium text-(--color-terracotta-700)">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section
      id={contactSectionId}
      aria-labelledby="contact-form-title"
      data-contact-section
      // Below the fixed site header when the answer page opens at this anchor.
      className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-(--color-heritage-100) sm:p-8"
    >
      <h2 id="contact-form-title" className="text-2xl font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-(--color-muted)">{strings.contact.form.requiredHint}</p>
      <div data-contact-notices>
        {result?.status === "success" ? (
          <div className="mt-4">
            <Notice tone="success" title={strings.contact.notices.successTitle}>
              {strings.contact.notices.successText}
            </Notice>
          </div>
        ) : null}
        {result?.status === "rate-limited" ? (
          // The visitor needs the time to come back; the text stays in the form below.
          <div className="mt-4">
            <Notice
              tone="error"
              title={strings.contact.notices.rateLimitedTitle}
              testId="rate-limited"
            >
              {strings.contact.notices.rateLimitedText(minutesToWait(result.retryAfterSeconds))}
            </Notice>
          </div>
        ) : null}
        {result?.status === "invalid" ? (
          <div className="mt-4">
            <Notice tone="error" title={strings.contact.notices.invalidTitle} testId="invalid">
              <ul className="list-disc pl-5">
                {contactFields
                  .filter((name) => messageOf(name) !== undefined)
                  .map((name) => (
                    <li key={name}>
                      <a href={`#contact-${name}`} className="underline underline-offset-2">
                        {messageOf(name)}
                      </a>
                    </li>
                  ))}
              </ul>
            </Notice>
          </div>
        ) : null}
        {result?.status === "error" ? (
          <div className="mt-4">
            <Notice tone="error" title={strings.contact.notices.errorTitle}>
              {strings.contact.notices.errorText}
            </Notice>
          </div>
        ) : null}
      </div>
      {/* What the page's script shows when no answer page comes back. */}
      <template data-contact-notice="error">
        <div className="mt-4">
          <Notice tone="error" title={strings.contact.notices.errorTitle}>
            {strings.contact.notices.errorText}
          </Notice>
        </div>
      </template>
      <template data-contact-notice="rate-limited">
        <div className="mt-4">
          <Notice
            tone="error"
            title={strings.contact.notices.rateLimitedTitle}
            testId="rate-limited"
          >
            {strings.contact.notices.rateLimitedText(null)}
          </Notice>
        </div>
      </template>
      {/* Without JavaScript the answer is a new page: its address ends in this section's anchor,
          so the visitor lands on the messages, not at the page's top (issue 33, item 6). */}
      <Form
        method="post"
        action={`${pathname}#${contactSectionId}`}
        noValidate
        className="mt-6 flex flex-col gap-5"
        data-testid="contact-form"
      >
        {field("name", strings.contact.form.name, strings.contact.form.namePlaceholder, (props) => (
          <input type="text" autoComplete="name" {...props} />
        ))}
        {field(
          "email",
          strings.contact.form.email,
          strings.contact.form.emailPlaceholder,
          (props) => (
            <input type="email" autoComplete="email" {...props} />
          ),
        )}
        {field(
          "subject",
          strings.contact.form.subject,
          strings.contact.form.subjectPlaceholder,
          (props) => (
            <input type="text" {...props} />
          ),
        )}
        {field(
          "message",
          strings.contact.form.message,
          strings.contact.form.messagePlaceholder,
          (props) => (
            <textarea rows={6} {...props} />
          ),
        )}
        {/* Spam protection: people never see or fill this field; bots do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`contact-${honeypotField}`}>{strings.contact.form.honeypot}</label>
          <input
            id={`contact-${honeypotField}`}
            type="text"
            name={honeypotField}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <input type="hidden" name={startedAtField} value={formStartedAt} />
        <div>
          <button
            type="submit"
            data-sending-label={strings.contact.form.sending}
            className={buttonClasses("primary")}
          >
            <Send aria-hidden="true" className="size-5" />
            <span data-label>{strings.contact.form.submit}</span>
          </button>
        </div>
      </Form>
    </section>
  );
}

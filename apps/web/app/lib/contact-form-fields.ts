/**
 * Field names of the contact form's spam protection, the same as the content API's
 * (apps/server content-api/contact-protection.ts): a honeypot people leave empty, and when the
 * form was rendered.
 */
export const HONEYPOT_FIELD = "website";
export const FORM_STARTED_AT_FIELD = "form_started_at";

/** The fields a visitor fills in. */
export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/**
 * What the visitor typed, as sent; read on the server (to show the form again with its messages)
 * and in the browser (to keep the text when the server cannot be reached).
 */
export function readContactValues(form: FormData): Record<ContactField, string> {
  const read = (name: ContactField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: read("name"),
    email: read("email"),
    subject: read("subject"),
    message: read("message"),
  };
}

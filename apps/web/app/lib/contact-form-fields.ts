/**
 * Field names of the contact form's spam protection, the same as the content API's
 * (apps/server content-api/contact-protection.ts): a honeypot people leave empty, and when the
 * form was rendered.
 */
export const HONEYPOT_FIELD = "website";
export const FORM_STARTED_AT_FIELD = "form_started_at";

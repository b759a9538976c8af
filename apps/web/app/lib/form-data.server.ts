/**
 * @module
 * The form an action was sent. Browsers only post forms (urlencoded or multipart); any other body
 * comes from a script, and `request.formData()` would throw on it, which React Router answers
 * with a 500. Here it is the client's mistake: 415 for a body that is not a form, 400 for a form
 * that cannot be read (a multipart body without its boundary, say), shown by the error boundary.
 */
import { data } from "react-router";

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const formDataMessages = {
  notAForm:
    "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data)",
  unreadable: "The form data could not be read",
} as const;

/** The request's form fields; throws a 415 or 400 answer for a body that is not a readable form. */
export async function readFormData(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (!mediaType || !formTypes.has(mediaType)) {
    throw data(formDataMessages.notAForm, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data(formDataMessages.unreadable, { status: 400 });
  }
}

/**
 * @module
 * The content module's error catalogue: stable codes with their HTTP status and message, as the
 * content API answers them in `{ data, error: { code, message } }` (site spec, sections 5, 7, 8).
 */

export const contentErrors = {
  /** Single-row lookup found nothing (PostgREST's code, which the site's client checks). */
  NO_ROWS: { code: "PGRST116", status: 404, message: "No rows returned" },
  VALIDATION_FAILED: { code: "VALIDATION_FAILED", status: 400, message: "Invalid request body" },
  INVALID_JSON: {
    code: "INVALID_JSON",
    status: 400,
    message: "The request body is not valid JSON",
  },
  INVALID_FORM_DATA: {
    code: "INVALID_FORM_DATA",
    status: 400,
    message: "The request body is not valid multipart form data",
  },
  UNKNOWN_TABLE: { code: "UNKNOWN_TABLE", status: 404, message: "Unknown table" },
  NOT_FOUND: { code: "NOT_FOUND", status: 404, message: "No such function" },
  UNKNOWN_COLUMN: { code: "UNKNOWN_COLUMN", status: 400, message: "Unknown column" },
  INVALID_QUERY: { code: "INVALID_QUERY", status: 400, message: "Invalid query parameter" },
  MISSING_ID: { code: "MISSING_ID", status: 400, message: "The id is required" },
  DUPLICATE_ID: { code: "DUPLICATE_ID", status: 409, message: "A row with this id already exists" },
  /** A project's address (`slug`) another project, or one in the trash, already has. */
  SLUG_TAKEN: {
    code: "SLUG_TAKEN",
    status: 409,
    message: "Another project already has this address",
  },
  /** "Mark as checked" on a translation that has no text (issue 34, item 2). */
  TRANSLATION_MISSING: {
    code: "TRANSLATION_MISSING",
    status: 409,
    message: "This translation is missing: there is no text in that language to mark as checked",
  },
  /** A draft saved again between reading it and publishing it (issue 34, item 1). */
  DRAFT_CHANGED: {
    code: "DRAFT_CHANGED",
    status: 409,
    message: "The draft was saved again while it was being published. Nothing was published.",
  },
  /** A publish scheduled for an item that has no draft (issue 34, item 3). */
  NO_DRAFT: {
    code: "NO_DRAFT",
    status: 409,
    message: "There is no draft to publish: save a draft first",
  },
  /** `If-Match` named a version the row has moved past (RFC 9110 412). */
  VERSION_CONFLICT: {
    code: "VERSION_CONFLICT",
    status: 412,
    message: "The row was changed after you opened it",
  },
  /** `If-Match` that is not a version this API gave (`"7"`, `W/"7"` or `*`). */
  INVALID_IF_MATCH: {
    code: "INVALID_IF_MATCH",
    status: 400,
    message: 'If-Match expects a version as the API gives it in ETag, e.g. "3"',
  },
  METHOD_NOT_ALLOWED: {
    code: "METHOD_NOT_ALLOWED",
    status: 405,
    message: "This operation is not allowed on this table",
  },
  UNAUTHENTICATED: { code: "UNAUTHENTICATED", status: 401, message: "Authentication required" },
  FORBIDDEN: { code: "FORBIDDEN", status: 403, message: "Not allowed" },
  RATE_LIMITED: {
    code: "RATE_LIMITED",
    status: 429,
    message: "Too many messages. Please try again later.",
  },
  PAYLOAD_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", status: 413, message: "Request body too large" },
  INTERNAL: { code: "INTERNAL_ERROR", status: 500, message: "Internal server error" },
  IMAGE_MISSING: {
    code: "IMAGE_MISSING",
    status: 400,
    message: "You must select an image to upload.",
  },
  IMAGE_TOO_LARGE: {
    code: "IMAGE_TOO_LARGE",
    status: 413,
    message: "File size must be less than 5MB",
  },
  IMAGE_INVALID: {
    code: "IMAGE_INVALID",
    status: 400,
    message: "Please select a valid image file",
  },
  UPLOAD_FAILED: { code: "UPLOAD_FAILED", status: 500, message: "Failed to upload image" },
} as const;

export type ContentErrorName = keyof typeof contentErrors;
export type ContentErrorCode = (typeof contentErrors)[ContentErrorName]["code"];

/** One field that failed validation: its dotted path and the reason. */
export type FieldIssue = { field: string; message: string };

/** The `error` member of a content API response. */
export type ContentApiError = {
  code: string;
  message: string;
  details?: { fields?: FieldIssue[] } & Record<string, unknown>;
};

/**
 * An expected failure with a catalogue code. Thrown by repositories for conflicts and by the API
 * layer; its `message` is safe to show to the caller.
 */
export class ContentError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: ContentApiError["details"];

  constructor(name: ContentErrorName, message?: string, details?: ContentApiError["details"]) {
    const entry = contentErrors[name];
    super(message ?? entry.message);
    this.name = "ContentError";
    this.code = entry.code;
    this.status = entry.status;
    this.details = details;
  }

  toJSON(): ContentApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** User-facing texts of the site spec that the server also produces (sections 5 and 8). */
export const siteMessages = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  messageTooShort: "Message must be at least 10 characters long",
  /** Not in the spec: a NUL or unpaired surrogate character (see storable-text.ts). */
  textNotStorable: "This text contains characters that cannot be saved",
  imageMissing: "You must select an image to upload.",
  imageTooLarge: "File size must be less than 5MB",
  imageInvalid: "Please select a valid image file",
  uploadFailed: "Failed to upload image",
  contactSubmitFailed: "Failed to send your message. Please try again.",
} as const;

/**
 * @module
 * The admin area's calls to the content API (`/functions/api-{table}`) and the upload function,
 * each declared once with the shared zod schema of its input (`@heritage/content`) and a schema
 * of its answer. Every call sends the signed-in user's access token. Failures become a
 * `ContentClientError` whose message is the spec's (section 8): "HTTP {status}: {statusText} -
 * {body}" for data API HTTP failures (the body's error message when it is a `{data, error}`
 * answer), the answer's own message otherwise.
 */
import {
  type CategoryWire,
  type ContactSubmissionStatus,
  type ContactSubmissionWire,
  contactSubmissionUpdateSchema,
  type FaqCreateInput,
  type FaqUpdateInput,
  type FaqWire,
  faqCreateSchema,
  faqUpdateSchema,
  GLOBAL_SEO_CONTENT_TYPE,
  GLOBAL_SEO_ID,
  type GlobalSeoContentInput,
  type ProjectCreateInput,
  type ProjectUpdateInput,
  type ProjectWire,
  projectCreateSchema,
  projectUpdateSchema,
  type SiteContentSection,
  type SiteContentWire,
  siteContentColumns,
  siteContentRowSchema,
} from "@heritage/content";
import { z } from "zod";
import type { SiteLanguage } from "../language";
import type { DataRequest, Method } from "./data-call";
import { createDraftCalls } from "./draft-client";
import { createHistoryCalls } from "./history-client";
import { createScheduleCalls } from "./schedule-client";
import { createTranslationCalls } from "./translation-client";
import { versionHeader } from "./version-header";

/**
 * What a save refused with 412 VERSION_CONFLICT knows (issue 29): who changed the row since the
 * editor opened it, when, and the row as it is now.
 */
export interface VersionConflict {
  changedBy: string | null;
  changedAt: string | null;
  currentVersion: number;
  current: Record<string, unknown>;
}

const versionConflictSchema = z.object({
  current_version: z.number().int(),
  changed_by: z.string().nullish(),
  changed_at: z.string().nullish(),
  current: z.record(z.string(), z.unknown()),
});

/** A failed content call; `message` is what the admin is told. */
export class ContentClientError extends Error {
  /** The API's error code (e.g. "PGRST116", "VALIDATION_FAILED"), when it sent one. */
  readonly code: string | null;
  /** The HTTP status, when the server answered. */
  readonly status: number | null;
  /**
   * Each refused field's first message, by field name: an input refused before sending, or the
   * fields the server named (a project address someone else has).
   */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** A save refused because someone else saved first (412 VERSION_CONFLICT). */
  readonly conflict: VersionConflict | null;

  constructor(
    message: string,
    options: {
      code?: string | null;
      status?: number | null;
      fieldErrors?: Record<string, string>;
      conflict?: VersionConflict | null;
    } = {},
  ) {
    super(message);
    this.name = "ContentClientError";
    this.code = options.code ?? null;
    this.status = options.status ?? null;
    this.fieldErrors = options.fieldErrors ?? {};
    this.conflict = options.conflict ?? null;
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = "An unknown error occurred"): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

// ---- Answer schemas (rows as the API sends them) -------------------------------------------

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const keywords = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? null);

export const projectRowSchema = z.object({
  id: z.string(),
  /** The public address, `/project/{slug}`. */
  slug: z.string(),
  title: z.string(),
  title_de: nullableText,
  title_bs: nullableText,
  category: z.string(),
  description: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  description_de: nullableText,
  description_bs: nullableText,
  details: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  details_de: nullableText,
  details_bs: nullableText,
  image: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  bg_color: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  seo_title: nullableText,
  seo_title_de: nullableText,
  seo_title_bs: nullableText,
  seo_description: nullableText,
  seo_description_de: nullableText,
  seo_description_bs: nullableText,
  seo_keywords: keywords,
  seo_keywords_de: keywords,
  seo_keywords_bs: keywords,
  seo_og_image: nullableText,
  seo_og_image_de: nullableText,
  seo_og_image_bs: nullableText,
  version: z.number().int().optional(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ProjectRow = z.output<typeof projectRowSchema>;

export const categoryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_de: nullableText,
  name_bs: nullableText,
});
export type CategoryRow = z.output<typeof categoryRowSchema>;

export const faqRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  question_de: nullableText,
  answer_de: nullableText,
  question_bs: nullableText,
  answer_bs: nullableText,
  version: z.number().int().optional(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type FaqRow = z.output<typeof faqRowSchema>;

export const contactSubmissionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type ContactSubmissionRow = z.output<typeof contactSubmissionRowSchema>;

const contentObject = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? null);

export const siteContentRowAnswerSchema = z.object({
  id: z.string(),
  content_type: z.string().nullish(),
  content: contentObject,
  content_de: contentObject,
  content_bs: contentObject,
  version: z.number().int().optional(),
  updated_at: z.string().nullish(),
});
export type SiteContentRowAnswer = z.output<typeof siteContentRowAnswerSchema>;

const uploadAnswerSchema = z.object({
  url: z.string(),
  /** Where the server put the file (older servers do not say). */
  stored_in: z.enum(["disk", "bucket"]).optional(),
  data: z
    .object({
      variants: z
        .array(z.object({ width: z.number(), url: z.string() }))
        .optional()
        .default([]),
    })
    .nullish(),
});
export type UploadedImage = {
  url: string;
  variants: { width: number; url: string }[];
  /** This server's disk, or a bucket of an object storage service. */
  storedIn: "disk" | "bucket";
};

// ---- Transport -----------------------------------------------------------------------------

export interface ContentClientOptions {
  /** The signed-in user's access token (null when signed out: the call is then refused). */
  getAccessToken: () => Promise<string | null>;
  /** Defaults to the page's origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type Query = Record<string, string>;

const apiErrorSchema = z.object({
  error: z
    .object({ code: z.string().optional(), message: z.string(), details: z.unknown().optional() })
    .nullish(),
});

function readApiError(
  text: string,
): { code?: string | undefined; message: string; details?: unknown } | null {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data.error ?? null) : null;
  } catch {
    return null;
  }
}

const refusedFieldsSchema = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});

/** Each field the server refused (`details.fields`, e.g. an address taken), by field name. */
function readFieldErrors(error: { details?: unknown } | null): Record<string, string> {
  const parsed = refusedFieldsSchema.safeParse(error?.details);
  if (!parsed.success) return {};
  const fieldErrors: Record<string, string> = {};
  for (const { field, message } of parsed.data.fields) {
    if (!(field in fieldErrors)) fieldErrors[field] = message;
  }
  return fieldErrors;
}

/** The conflict a VERSION_CONFLICT answer describes, or null for any other error. */
function readConflict(error: { code?: string | undefined; details?: unknown } | null) {
  if (error?.code !== "VERSION_CONFLICT") return null;
  const parsed = versionConflictSchema.safeParse(error.details);
  if (!parsed.success) return null;
  return {
    changedBy: parsed.data.changed_by ?? null,
    changedAt: parsed.data.changed_at ?? null,
    currentVersion: parsed.data.current_version,
    current: parsed.data.current,
  } satisfies VersionConflict;
}

/**
 * Turns a zod failure of an input into the error the form shows: the schema's own sentences
 * ("Question is required. Answer is required."), never field keys (issue 19), and each field's
 * message for the form to show beside it.
 */
function invalidInput(error: z.ZodError): ContentClientError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  const sentences = [...new Set(error.issues.map((issue) => issue.message.replace(/\.$/, "")))];
  return new ContentClientError(`${sentences.join(". ")}.`, {
    code: "VALIDATION_FAILED",
    fieldErrors,
  });
}

function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

export function createContentClient(options: ContentClientOptions) {
  const fetchFunction = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseUrl = () =>
    (options.baseUrl ?? (typeof window === "undefined" ? "" : window.location.origin)).replace(
      /\/+$/,
      "",
    );

  async function send(
    method: Method,
    path: string,
    {
      query,
      body,
      headers: extraHeaders,
    }: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ response: Response; text: string }> {
    const token = await options.getAccessToken();
    const search = new URLSearchParams(query).toString();
    const url = `${baseUrl()}/functions/${path}${search ? `?${search}` : ""}`;
    const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetchFunction(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ContentClientError(`Network error: ${errorMessage(error, "request failed")}`);
    }
    return { response, text: await response.text() };
  }

  /** A data API call (`api-{table}`): `{data, error}` answers, HTTP failures as the spec words them. */
  function callTable<S extends z.ZodType>(
    method: Method,
    table: string,
    schema: S,
    request: DataRequest = {},
  ): Promise<z.output<S>> {
    return callData(method, `api-${table}`, schema, request);
  }

  /** Any call answering `{data, error}` (the data API, the history's restore functions). */
  async function callData<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    request: DataRequest = {},
  ): Promise<z.output<S>> {
    const { response, text } = await send(method, path, request);
    const apiError = readApiError(text);
    if (!response.ok) {
      const detail = apiError?.message ?? text.slice(0, 500);
      throw new ContentClientError(
        `HTTP ${response.status}: ${response.statusText || statusTexts[response.status] || ""} - ${detail}`,
        {
          code: apiError?.code ?? null,
          status: response.status,
          conflict: readConflict(apiError),
          fieldErrors: readFieldErrors(apiError),
        },
      );
    }
    if (apiError) {
      throw new ContentClientError(apiError.message, {
        code: apiError.code ?? null,
        status: response.status,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ContentClientError("The server's answer is not JSON", { status: response.status });
    }
    const data = (json as { data?: unknown } | null)?.data;
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ContentClientError(`Unexpected answer from ${path}`, {
        status: response.status,
      });
    }
    return parsed.data;
  }

  async function readGlobalSeoRow(): Promise<SiteContentRowAnswer | null> {
    try {
      return await callTable("GET", "site_content", siteContentRowAnswerSchema, {
        query: { content_type: GLOBAL_SEO_CONTENT_TYPE, single: "true" },
      });
    } catch (error) {
      if (error instanceof ContentClientError && error.code === "PGRST116") return null;
      throw error;
    }
  }

  /** A function call (`/functions/{name}`) answering JSON; any failure is `failure` (or the API's). */
  async function postFunction<S extends z.ZodType>(
    name: string,
    body: unknown,
    schema: S,
    failure: string,
  ): Promise<z.output<S>> {
    const { response, text } = await send("POST", name, { body });
    const apiError = readApiError(text);
    if (!response.ok || apiError) {
      throw new ContentClientError(apiError?.message ?? failure, {
        code: apiError?.code ?? null,
        status: response.status,
      });
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Reported below.
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ContentClientError(failure);
    return parsed.data;
  }

  return {
    // ---- projects and categories ----
    listProjects: () =>
      callTable("GET", "projects", z.array(projectRowSchema), {
        query: { order: "created_at.desc" },
      }),
    createProject: async (input: ProjectCreateInput) =>
      callTable("POST", "projects", projectRowSchema, {
        body: parseInput(projectCreateSchema, input),
      }),
    /** With `version`, refused (VERSION_CONFLICT) when someone saved the project since. */
    updateProject: async (input: ProjectUpdateInput, version?: number) =>
      callTable("PUT", "projects", projectRowSchema, {
        body: parseInput(projectUpdateSchema, input),
        headers: versionHeader(version),
      }),
    deleteProject: (id: string, version?: number) =>
      callTable("DELETE", "projects", projectRowSchema, {
        query: { id },
        headers: versionHeader(version),
      }),
    listCategories: () => callTable("GET", "categories", z.array(categoryRowSchema)),

    // ---- FAQ ----
    listFaqs: () =>
      callTable("GET", "faqs", z.array(faqRowSchema), { query: { order: "created_at.desc" } }),
    createFaq: async (input: FaqCreateInput) =>
      callTable("POST", "faqs", faqRowSchema, { body: parseInput(faqCreateSchema, input) }),
    updateFaq: async (input: FaqUpdateInput, version?: number) =>
      callTable("PUT", "faqs", faqRowSchema, {
        body: parseInput(faqUpdateSchema, input),
        headers: versionHeader(version),
      }),
    deleteFaq: (id: string, version?: number) =>
      callTable("DELETE", "faqs", faqRowSchema, { query: { id }, headers: versionHeader(version) }),

    // ---- site content ----
    listSiteContent: () => callTable("GET", "site_content", z.array(siteContentRowAnswerSchema)),
    /**
     * Saves one language of a section: updates the row, or inserts it (spec section 4). With
     * `version`, refused (VERSION_CONFLICT) when someone saved the section since.
     */
    saveSiteContent: async (input: {
      section: SiteContentSection;
      language: SiteLanguage;
      content: Record<string, unknown>;
      version?: number | undefined;
    }) =>
      callTable("PUT", "site_content", siteContentRowAnswerSchema, {
        body: parseInput(siteContentRowSchema, {
          id: input.section,
          content_type: input.section,
          [siteContentColumns[input.language]]: input.content,
        }),
        headers: versionHeader(input.version),
      }),

    // ---- global SEO ----
    /** The global SEO row's content, or null when none is stored (PGRST116 is not a failure). */
    getGlobalSeo: async (): Promise<Record<string, unknown> | null> =>
      (await readGlobalSeoRow())?.content ?? null,
    /** The global SEO row (its content and version), or null when none is stored. */
    getGlobalSeoRow: () => readGlobalSeoRow(),
    /** With `version`, refused (VERSION_CONFLICT) when someone saved the settings since. */
    saveGlobalSeo: async (content: GlobalSeoContentInput, version?: number) =>
      callTable("PUT", "site_content", siteContentRowAnswerSchema, {
        body: parseInput(siteContentRowSchema, {
          id: GLOBAL_SEO_ID,
          content_type: GLOBAL_SEO_CONTENT_TYPE,
          content,
        }),
        headers: versionHeader(version),
      }),

    // ---- contact submissions ----
    listContactSubmissions: () =>
      callTable("GET", "contact_submissions", z.array(contactSubmissionRowSchema), {
        query: { order: "created_at.desc" },
      }),
    updateContactSubmissionStatus: async (id: string, status: ContactSubmissionStatus) =>
      callTable("PUT", "contact_submissions", contactSubmissionRowSchema, {
        body: parseInput(contactSubmissionUpdateSchema, { id, status }),
      }),

    // ---- images ----
    /** Uploads an image given as a data URL; failures carry the spec's upload messages. */
    uploadImage: async (image: string, filename?: string): Promise<UploadedImage> => {
      const answer = await postFunction(
        "upload-image",
        { image, ...(filename ? { filename } : {}) },
        uploadAnswerSchema,
        "Failed to upload image",
      );
      return {
        url: answer.url,
        variants: answer.data?.variants ?? [],
        storedIn: answer.stored_in ?? "bucket",
      };
    },
    /**
     * Which of these image addresses would show visitors a broken image (issue 19, defect 9):
     * `missing` (an upload not in the media storage) or `invalid` (no address this site serves
     * images at); null when fine. Empty addresses are not sent.
     */
    /** Revisions, trash and audit log (issue 29): history-client.ts. */
    history: createHistoryCalls(callData),
    /** Translation status and "Mark as checked" (issue 34, item 2): translation-client.ts. */
    translations: createTranslationCalls(callData),
    /** Drafts, their preview and publishing (issue 34, item 1): draft-client.ts. */
    drafts: createDraftCalls(callData),
    /** Publishing at a given time (issue 34, item 3): schedule-client.ts. */
    schedules: createScheduleCalls(callData),

    checkImages: async (urls: string[]): Promise<Map<string, ImageProblem>> => {
      const asked = [...new Set(urls.map((url) => url.trim()).filter((url) => url !== ""))];
      if (asked.length === 0) return new Map();
      const answer = await postFunction(
        "check-images",
        { urls: asked },
        checkImagesAnswerSchema,
        "Failed to check the images",
      );
      return new Map(answer.data.map((entry) => [entry.url, entry.problem]));
    },
  };
}

export type ImageProblem = "missing" | "invalid" | null;

const checkImagesAnswerSchema = z.object({
  data: z.array(z.object({ url: z.string(), problem: z.enum(["missing", "invalid"]).nullable() })),
});

export type ContentClient = ReturnType<typeof createContentClient>;

/** HTTP/2 answers carry no reason phrase; these fill in the common ones. */
const statusTexts: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

// ---- The answer schemas against the rows' one source ----------------------------------------

/**
 * `true` when `Schema` reads only fields of the content row (`@heritage/content`'s wire types,
 * which follow its Drizzle schema) and accepts the value the API sends for each; otherwise the
 * offending fields, which fail `MustHold` below at compile time.
 */
type ReadsTheRow<Schema extends z.ZodType, Wire> = [RowProblems<z.input<Schema>, Wire>] extends [
  never,
]
  ? true
  : RowProblems<z.input<Schema>, Wire>;
type RowProblems<Input, Wire> = {
  [Field in keyof Input]-?: Field extends keyof Wire
    ? unknown extends Wire[Field] // a JSON column: any value; the schema checks its shape
      ? never
      : Wire[Field] extends Input[Field]
        ? never
        : { fieldWhoseTypeDiffers: Field }
    : { notAFieldOfTheRow: Field };
}[keyof Input];

/** Compiles only when its argument is `true`; otherwise the error names the offending fields. */
type MustHold<Check extends true> = Check;

/** A compile-time check only: nothing of it reaches the bundle. */
export type AnswerSchemasFollowTheRows = [
  MustHold<ReadsTheRow<typeof projectRowSchema, ProjectWire>>,
  MustHold<ReadsTheRow<typeof categoryRowSchema, CategoryWire>>,
  MustHold<ReadsTheRow<typeof faqRowSchema, FaqWire>>,
  MustHold<ReadsTheRow<typeof contactSubmissionRowSchema, ContactSubmissionWire>>,
  MustHold<ReadsTheRow<typeof siteContentRowAnswerSchema, SiteContentWire>>,
];

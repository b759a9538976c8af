/**
 * @module
 * The site's functions (site spec, section 7), mounted by the app under `/functions`:
 * `POST /send-contact-email` (anyone; spam-protected), `POST /upload-image` (admins) and
 * `POST /check-images` (admins: which image addresses saved in content would show broken).
 */
import { describeRoute } from "@heritage/auth-server";
import { ContentError, contactFormSchema } from "@heritage/content";
import type { Database } from "@heritage/db";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AdminVerifier } from "../content-api/admin-guard";
import { type ApiLogger, respondToThrown, respondWithError } from "../content-api/api-response";
import { type ContactProtection, noContactProtection } from "../content-api/contact-protection";
import type { MediaStorage } from "../media/media-storage";
import { checkImagesBodySchema, createCheckImagesHandler } from "./check-images";
import type { Mailer } from "./mailer";
import { createSendContactEmailHandler } from "./send-contact-email";
import {
  createUploadImageHandler,
  UPLOAD_BODY_LIMIT_BYTES,
  uploadImageJsonSchema,
} from "./upload-image";

export interface FunctionsApiDeps {
  db: Database;
  logger: ApiLogger;
  verifyAdmin: AdminVerifier;
  /** SMTP mailer, or null to keep messages in the outbox only. */
  mailer: Mailer | null;
  emailFrom: string;
  notificationAddress?: string | undefined;
  mediaStorage: MediaStorage;
  contactProtection?: ContactProtection;
  clientAddress?: (c: Context) => string;
}

export function createFunctionsApi(deps: FunctionsApiDeps): Hono {
  const app = new Hono();
  const clientAddress = deps.clientAddress ?? (() => "unknown");

  app.post(
    "/send-contact-email",
    describeRoute({
      summary: "Send a contact message to the site's notification address",
      description:
        'Kept in the outbox and mailed when SMTP is set; answers `{ data: { id, status }, error: null }` (202). While the contact page\'s e-mail address is still a placeholder (example.org) and no notification address is configured, nothing is queued: `{ id: null, status: "no_recipient" }`. Spam-protected and rate-limited (429 with `Retry-After`).',
      callers: ["anyone"],
      body: contactFormSchema,
      successStatus: 202,
    }),
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => respondWithError(c, new ContentError("PAYLOAD_TOO_LARGE")),
    }),
    createSendContactEmailHandler({
      db: deps.db,
      logger: deps.logger,
      mailer: deps.mailer,
      emailFrom: deps.emailFrom,
      notificationAddress: deps.notificationAddress,
      contactProtection: deps.contactProtection ?? noContactProtection,
      clientAddress,
    }),
  );

  app.post(
    "/upload-image",
    describeRoute({
      summary: "Upload an image",
      description:
        "JSON with a data URL (below), or `multipart/form-data` with an `image` (or `file`) field for large files. Answers `{ url, data: media, error: null }` (201).",
      callers: ["site-admin"],
      body: uploadImageJsonSchema,
      successStatus: 201,
    }),
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT_BYTES,
      onError: (c) => respondWithError(c, new ContentError("IMAGE_TOO_LARGE")),
    }),
    createUploadImageHandler({
      db: deps.db,
      logger: deps.logger,
      verifyAdmin: deps.verifyAdmin,
      storage: deps.mediaStorage,
    }),
  );

  app.post(
    "/check-images",
    describeRoute({
      summary: "Check which saved image addresses would show broken",
      description:
        "Answers `{ data: [{ url, problem }], error: null }`, `problem` being `missing`, `invalid` or null.",
      callers: ["site-admin"],
      body: checkImagesBodySchema,
    }),
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => respondWithError(c, new ContentError("PAYLOAD_TOO_LARGE")),
    }),
    createCheckImagesHandler({ verifyAdmin: deps.verifyAdmin, storage: deps.mediaStorage }),
  );

  // Other verbs on the functions, and paths under /functions that nothing answers, get JSON
  // (the app mounts these after the content API, so its `api-*` paths are answered first).
  app.all("/send-contact-email", (c) =>
    respondWithError(c, new ContentError("METHOD_NOT_ALLOWED", "Only POST is allowed here")),
  );
  app.all("/upload-image", (c) =>
    respondWithError(c, new ContentError("METHOD_NOT_ALLOWED", "Only POST is allowed here")),
  );
  app.all("/check-images", (c) =>
    respondWithError(c, new ContentError("METHOD_NOT_ALLOWED", "Only POST is allowed here")),
  );
  app.all("*", (c) =>
    respondWithError(c, new ContentError("NOT_FOUND", `No function at ${c.req.path}`)),
  );

  app.onError((error, c) => respondToThrown(c, error, deps.logger));
  return app;
}

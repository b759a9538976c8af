/**
 * @module
 * The site's functions (site spec, section 7), mounted by the app under `/functions`:
 * `POST /send-contact-email` (anyone; spam-protected), `POST /upload-image` (admins) and
 * `POST /check-images` (admins: which image addresses saved in content would show broken).
 */
import { ContentError } from "@heritage/content";
import type { Database } from "@heritage/db";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AdminVerifier } from "../content-api/admin-guard";
import { type ApiLogger, respondToThrown, respondWithError } from "../content-api/api-response";
import { type ContactProtection, noContactProtection } from "../content-api/contact-protection";
import type { MediaStorage } from "../media/media-storage";
import { createCheckImagesHandler } from "./check-images";
import type { Mailer } from "./mailer";
import { createSendContactEmailHandler } from "./send-contact-email";
import { createUploadImageHandler, UPLOAD_BODY_LIMIT_BYTES } from "./upload-image";

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

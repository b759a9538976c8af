/**
 * `/contact-channels` (contract §2.3, §2.6): list, create, read, update and delete a user's
 * addresses (`me` or an id; client access only for its own user), send verification e-mails and
 * redeem their codes.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { mailLanguageOf } from "../../http/mail-language";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { throwSchemaError, userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createContactChannel,
  deleteContactChannel,
  findContactChannel,
  listContactChannels,
  requireExistingUser,
  sendChannelVerificationCode,
  toContactChannel,
  updateContactChannel,
  verifyChannelWithCode,
} from "../../services/accounts/contact-channels";
import { normalizeEmail } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";
import { limitCodeChecking, limitCodeSending } from "../../services/sign-in/code-rate-limits";

const emailSchema = z.string().min(1).pipe(z.email());
const codeBody = z.strictObject({ code: z.string().length(45) });
const callbackBody = z.strictObject({ callback_url: z.url() });

const listQuery = z.object({
  user_id: userIdOrMeSchema,
  contact_channel_id: z.uuid().optional(),
});
const channelParams = z.object({ user_id: userIdOrMeSchema, contact_channel_id: z.uuid() });

const clientCreateBody = z.strictObject({
  user_id: userIdOrMeSchema,
  value: emailSchema,
  type: z.literal("email"),
  used_for_auth: z.boolean(),
  is_primary: z.boolean().optional(),
});
const serverCreateBody = clientCreateBody.extend({ is_verified: z.boolean().optional() });

const clientUpdateBody = z.strictObject({
  value: emailSchema.optional(),
  type: z.literal("email").optional(),
  used_for_auth: z.boolean().optional(),
  is_primary: z.boolean().optional(),
});
const serverUpdateBody = clientUpdateBody.extend({ is_verified: z.boolean().optional() });

const legacySendBody = z.strictObject({ email: emailSchema, callback_url: z.url() });

/** `is_verified` is only in the server schemas; client bodies never carry it. */
function readIsVerified(body: object): boolean | undefined {
  return "is_verified" in body && typeof body.is_verified === "boolean"
    ? body.is_verified
    : undefined;
}

type Action = "read" | "create" | "update" | "delete" | "list";

/** Resolves `me`; client access may only name its own user (text 403, as the reference). */
function resolveChannelOwner(auth: RequestAuth, userId: string, action: Action): string {
  const resolved = resolveUserId(auth, userId);
  if (auth.accessType === "client" && resolved !== auth.user?.row.id) {
    throw plainErrors.clientContactChannelsOfOthers(action);
  }
  return resolved;
}

export function createContactChannelRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/send-verification-code",
    describeRoute({
      summary: "Send the verification code for the primary e-mail (legacy)",
      callers: ["client", "server", "admin"],
      body: legacySendBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: legacySendBody });
      if (!auth.user) throwSchemaError(c, ["auth.user must be defined"]);
      const primary = auth.user.primaryEmail;
      if (!primary || normalizeEmail(body.email) !== primary.value) {
        throw knownErrors.emailIsNotPrimaryEmail({
          email: body.email,
          primary_email: primary?.value ?? "",
        });
      }
      const channel = await findContactChannel(
        deps.db,
        auth.project.id,
        auth.user.row.id,
        primary.id,
      );
      if (!channel) throw plainErrors.contactChannelNotFound();
      await limitCodeSending(deps, codeCaller(c, deps, auth), {
        projectId: auth.project.id,
        email: channel.value,
      });
      await sendChannelVerificationCode(
        deps,
        auth.project,
        channel,
        body.callback_url,
        mailLanguageOf(c),
      );
      return sendSuccess(c);
    },
  );

  app.post(
    "/verify",
    describeRoute({
      summary: "Verify a contact channel with a code",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await verifyChannelWithCode(deps, auth.project, body.code, true);
      return sendSuccess(c);
    },
  );

  app.post(
    "/verify/check-code",
    describeRoute({
      summary: "Check a contact channel verification code without using it",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await verifyChannelWithCode(deps, auth.project, body.code, false);
      return sendJson(c, { is_code_valid: true });
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: "List a user's contact channels",
      callers: ["client", "server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: listQuery });
      const userId = resolveChannelOwner(auth, query.user_id, "list");
      const rows = await listContactChannels(
        deps.db,
        auth.project.id,
        userId,
        query.contact_channel_id,
      );
      return sendJson(c, { items: rows.map(toContactChannel), is_paginated: false });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Add a contact channel",
      callers: ["client", "server", "admin"],
      bodyByAccess: { client: clientCreateBody, server: serverCreateBody, admin: serverCreateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, {
        body: auth.accessType === "client" ? clientCreateBody : serverCreateBody,
      });
      const userId = resolveChannelOwner(auth, body.user_id, "create");
      const row = await createContactChannel(deps, auth.project, userId, {
        value: body.value,
        usedForAuth: body.used_for_auth,
        isPrimary: body.is_primary,
        isVerified: readIsVerified(body),
      });
      return sendJson(c, toContactChannel(row), 201);
    },
  );

  app.post(
    "/:user_id/:contact_channel_id/send-verification-code",
    describeRoute({
      summary: "Send a verification code to a contact channel",
      callers: ["client", "server", "admin"],
      params: channelParams,
      body: callbackBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, { params: channelParams, body: callbackBody });
      // A signed-out client is told it has no user (as by the reference), whatever id it named.
      if (auth.accessType === "client" && !auth.user)
        throw knownErrors.cannotGetOwnUserWithoutUser();
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client" && userId !== auth.user?.row.id) {
        throw plainErrors.clientVerificationCodeOfOthers();
      }
      if (auth.accessType !== "client") await requireExistingUser(deps.db, auth.project.id, userId);
      const channel = await findContactChannel(
        deps.db,
        auth.project.id,
        userId,
        params.contact_channel_id,
      );
      if (!channel) throw plainErrors.contactChannelNotFound();
      await limitCodeSending(deps, codeCaller(c, deps, auth), {
        projectId: auth.project.id,
        email: channel.value,
      });
      await sendChannelVerificationCode(
        deps,
        auth.project,
        channel,
        body.callback_url,
        mailLanguageOf(c),
      );
      return sendSuccess(c);
    },
  );

  app.get(
    "/:user_id/:contact_channel_id",
    describeRoute({
      summary: "Read a contact channel",
      callers: ["client", "server", "admin"],
      params: channelParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: channelParams });
      const userId = resolveChannelOwner(auth, params.user_id, "read");
      const row = await findContactChannel(
        deps.db,
        auth.project.id,
        userId,
        params.contact_channel_id,
      );
      if (!row) throw plainErrors.contactChannelToReadNotFound();
      return sendJson(c, toContactChannel(row));
    },
  );

  app.patch(
    "/:user_id/:contact_channel_id",
    describeRoute({
      summary: "Update a contact channel",
      callers: ["client", "server", "admin"],
      params: channelParams,
      bodyByAccess: { client: clientUpdateBody, server: serverUpdateBody, admin: serverUpdateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, {
        params: channelParams,
        body: auth.accessType === "client" ? clientUpdateBody : serverUpdateBody,
      });
      const userId = resolveChannelOwner(auth, params.user_id, "update");
      const row = await updateContactChannel(
        deps,
        auth.project,
        userId,
        params.contact_channel_id,
        {
          value: body.value,
          usedForAuth: body.used_for_auth,
          isPrimary: body.is_primary,
          isVerified: readIsVerified(body),
        },
      );
      return sendJson(c, toContactChannel(row));
    },
  );

  app.delete(
    "/:user_id/:contact_channel_id",
    describeRoute({
      summary: "Delete a contact channel",
      callers: ["client", "server", "admin"],
      params: channelParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: channelParams });
      const userId = resolveChannelOwner(auth, params.user_id, "delete");
      await deleteContactChannel(deps.db, auth.project.id, userId, params.contact_channel_id);
      return sendSuccess(c);
    },
  );

  return app;
}

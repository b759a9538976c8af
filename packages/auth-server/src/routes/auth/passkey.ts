/**
 * Passkey registration and sign-in (contract §2.15): `initiate-passkey-registration` and `register`
 * for the signed-in user, `initiate-passkey-authentication` and `sign-in` for anyone.
 * @module
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { throwSchemaError, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { limitCodeChecking } from "../../services/sign-in/code-rate-limits";
import {
  initiatePasskeyAuthentication,
  initiatePasskeyRegistration,
  registerPasskey,
  signInWithPasskey,
} from "../../services/sign-in/passkeys";

const emptyBody = z.strictObject({});
const codeSchema = z.string().length(45);

// The shapes @simplewebauthn/browser sends; the library checks the contents. Extra keys (newer
// browsers add some) are kept.
const registrationResponseSchema = z.looseObject({
  id: z.string(),
  rawId: z.string(),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().optional(),
  response: z.looseObject({
    clientDataJSON: z.string(),
    attestationObject: z.string(),
    transports: z.array(z.string()).optional(),
  }),
});

const authenticationResponseSchema = z.looseObject({
  id: z.string(),
  rawId: z.string(),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().optional(),
  response: z.looseObject({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.string().optional(),
  }),
});

const registerBody = z.strictObject({ credential: registrationResponseSchema, code: codeSchema });
const signInBody = z.strictObject({
  authentication_response: authenticationResponseSchema,
  code: codeSchema,
});

export function createPasskeyRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/initiate-passkey-registration",
    describeRoute({
      summary: "Start a passkey registration",
      callers: ["client", "server", "admin"],
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      validateRequest(c, { body: emptyBody });
      if (!auth.user) throwSchemaError(c, ["auth.user must be defined"]);
      const { optionsJson, code } = await initiatePasskeyRegistration(
        deps,
        auth.project,
        auth.user,
      );
      return sendJson(c, { options_json: optionsJson, code });
    },
  );

  app.post(
    "/register",
    describeRoute({
      summary: "Register a passkey for the signed-in user",
      callers: ["client", "server", "admin"],
      body: registerBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: registerBody });
      if (!auth.user) throwSchemaError(c, ["auth.user must be defined"]);
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      const { userHandle } = await registerPasskey(deps, auth.project, auth.user, {
        credential: body.credential as RegistrationResponseJSON,
        code: body.code,
      });
      return sendJson(c, { user_handle: userHandle });
    },
  );

  app.post(
    "/initiate-passkey-authentication",
    describeRoute({
      summary: "Start a passkey sign-in",
      callers: ["client", "server", "admin"],
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      validateRequest(c, { body: emptyBody });
      const { optionsJson, code } = await initiatePasskeyAuthentication(deps, auth.project);
      return sendJson(c, { options_json: optionsJson, code });
    },
  );

  app.post(
    "/sign-in",
    describeRoute({
      summary: "Sign in with a passkey",
      callers: ["client", "server", "admin"],
      body: signInBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: signInBody });
      // Each attempt redeems a challenge code: counted like every other code check.
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      const tokens = await signInWithPasskey(deps, auth.project, {
        authenticationResponse: body.authentication_response as AuthenticationResponseJSON,
        code: body.code,
        ip: getClientIp(c, deps.trustProxy),
      });
      return sendJson(c, {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        is_new_user: tokens.isNewUser,
        user_id: tokens.userId,
      });
    },
  );

  return app;
}

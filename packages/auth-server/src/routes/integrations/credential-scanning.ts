/**
 * `POST /integrations/credential-scanning/revoke`: a secret scanner reports a leaked user or team API
 * key and it is revoked at once, in whichever project it lives (no project authentication, as in the
 * reference). Public keys cannot be revoked this way (KE PUBLIC_API_KEY_CANNOT_BE_REVOKED). The owners
 * are told by e-mail.
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { revokeLeakedApiKey } from "../../services/api-keys/api-keys";
import { sendLeakedApiKeyNotice } from "../../services/api-keys/leaked-api-key-notice";

const revokeBody = z.strictObject({ api_key: z.string() });

export function createCredentialScanningRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/revoke",
    describeRoute({
      summary: "Revoke a leaked API key (credential scanning)",
      callers: ["anyone"],
      body: revokeBody,
    }),
    async (c) => {
      const { body } = validateRequest(c, { body: revokeBody });
      const revoked = await revokeLeakedApiKey(deps.db, body.api_key, deps.clock());
      if (revoked) {
        deps.logger.warn(
          { apiKeyId: revoked.id, projectId: revoked.projectId },
          "A leaked API key was reported by a secret scanner and revoked",
        );
        await sendLeakedApiKeyNotice(deps, revoked);
      }
      return sendSuccess(c);
    },
  );

  return app;
}

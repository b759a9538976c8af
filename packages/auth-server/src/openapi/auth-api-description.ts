/**
 * How the auth API appears in the OpenAPI document: its error answer (the known-error body of
 * contract §1.4, whose `code` is one of the catalogue's) and its tags, one per endpoint family.
 * @module
 */
import { knownErrorCodes } from "@heritage/auth-protocol";
import { z } from "zod";
import type { OpenApiPathGroup } from "./openapi-document";

/** The body of a known error (contract §1.4); `x-stack-known-error` repeats the code. */
export const knownErrorBodySchema = z
  .object({
    code: z.enum(knownErrorCodes as [string, ...string[]]),
    error: z.string().meta({ description: "A human-readable message." }),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "Code-specific details (e.g. `allowed_access_types`)." }),
  })
  .meta({ title: "KnownError" });

// Families whose second path segment names the endpoint family (`/auth/password`, `/internal/config`).
const twoLevelFamilies = new Set(["auth", "internal", "integrations", "payments"]);

/** The tag of an auth API path below its prefix: `/users/:user_id` → `users`. */
export function authApiTagOf(pathBelowPrefix: string): string {
  const segments = pathBelowPrefix.split("/").filter((part) => part && !part.startsWith(":"));
  const [first, second] = segments;
  if (!first) return "probe";
  if (first === "projects" && second === ".well-known") return "jwks";
  return second && twoLevelFamilies.has(first) ? `${first}/${second}` : first;
}

/** The auth API's routes under `prefix` (`/api/v1`; `/api/latest` serves the same). */
export function authApiPathGroup(prefix: string): OpenApiPathGroup {
  return {
    prefix,
    tagOf: authApiTagOf,
    error: {
      description:
        "A known error: JSON with the error's `code` (also in the `x-stack-known-error` header). A request that sent `x-stack-override-error-status` gets it with status 200 and the real status in `x-stack-actual-status`. A few answers are plain text instead (contract §1.4).",
      schema: knownErrorBodySchema,
      headers: {
        "x-stack-known-error": {
          description: "The known error's code (also spelt `x-hexclave-known-error`).",
          schema: { type: "string" },
        },
      },
    },
  };
}

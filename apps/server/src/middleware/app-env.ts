import type { FinishedAnswerVariables } from "@heritage/auth-server";

/** Per-request values that middleware sets on the Hono context. */
export interface AppEnv {
  // The auth API's JSON answers carry the layers' headers when made (finished-answers.ts).
  Variables: Partial<FinishedAnswerVariables> & {
    requestId: string;
    /** Nonce for this response's inline scripts, named in its Content-Security-Policy. */
    cspNonce: string;
  };
}

import type { Logger } from "pino";

/** Per-request values that middleware sets on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Nonce for this response's inline scripts, named in its Content-Security-Policy. */
    cspNonce: string;
    logger: Logger;
  };
}

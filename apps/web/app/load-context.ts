import type { Database } from "@heritage/db";

/**
 * What apps/server passes to every loader and action as `context` (see
 * apps/server/src/routes/web.ts, which builds it; the two must stay in step).
 */
export interface WebLoadContext {
  db: Database;
  cspNonce: string;
  requestId: string;
  publicUrl: string;
  /** The site's auth project. `secretServerKey` is for `.server.ts` code only: never render it. */
  siteAuth: {
    projectId: string;
    publishableClientKey: string;
    secretServerKey: string;
    /** Verifies an access token of the site's project in process; null when invalid or expired. */
    verifyAccessToken(token: string): Promise<{ userId: string } | null>;
  };
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

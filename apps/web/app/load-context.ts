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
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

/**
 * @module
 * The content client of the signed-in admin: every call asks the auth state for a fresh access
 * token (`useAdminAccessToken`) and sends it as `Authorization: Bearer <token>`.
 */
import { useMemo } from "react";
import { type ContentClient, createContentClient } from "../../../lib/content-api/content-client";
import { useAdminAccessToken } from "../auth/use-admin-access-token";

export function useContentClient(): ContentClient {
  const getAccessToken = useAdminAccessToken();
  return useMemo(() => createContentClient({ getAccessToken }), [getAccessToken]);
}

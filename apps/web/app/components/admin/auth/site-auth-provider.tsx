/**
 * @module
 * `SiteAuthProvider`: the `AuthProvider` of `@heritage/auth-react` over the site's client app.
 * It wraps /login, /handler/* and /admin/*, so one signed-in state is shared by all of them.
 */
import { AuthProvider } from "@heritage/auth-react";
import { type ReactNode, useState } from "react";
import { getSiteAuthApp, type SiteAuthConfig } from "../../../lib/auth-client";

export function SiteAuthProvider({
  config,
  children,
}: {
  config: SiteAuthConfig;
  children: ReactNode;
}) {
  // No initial user: the server renders the loading state and the browser loads the user.
  const [app] = useState(() => getSiteAuthApp(config));
  return <AuthProvider app={app}>{children}</AuthProvider>;
}

/**
 * @module
 * The frame of /login, /handler/* and /admin/*: the site's auth provider (one signed-in state for
 * all of them) and the notices (sonner). Its loader hands the browser the project id and the
 * publishable key only; the secret key never leaves the server.
 */
import type { CSSProperties } from "react";
import { data, Outlet, useLoaderData } from "react-router";
import { Toaster } from "sonner";
import { SiteAuthProvider } from "../../components/admin/auth/site-auth-provider";
import type { SiteAuthConfig } from "../../lib/auth-client";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  const { projectId, publishableClientKey } = context.siteAuth;
  return data<SiteAuthConfig>({ projectId, publishableClientKey });
}

/** Never stored, never indexed (site spec, section 1: admin pages are marked). */
export function headers() {
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
  };
}

/** The config never changes while the page is open. */
export function shouldRevalidate() {
  return false;
}

/** Sonner's rich colours with text dark enough for WCAG AA (its defaults are about 4:1). */
const toasterStyle = {
  "--error-text": "#963822",
  "--success-text": "#14532d",
  "--info-text": "#1d3557",
  "--warning-text": "#7c4a03",
} as CSSProperties;

export default function AuthLayout() {
  const config = useLoaderData<typeof loader>();
  return (
    <SiteAuthProvider config={config}>
      <Outlet />
      {/* Below the admin's navigation bar (one row from 768 px, two below), so a notice never
          covers Sign Out while it shows (issue 33, item 12). */}
      <Toaster
        position="top-right"
        offset={{ top: 76 }}
        mobileOffset={{ top: 124 }}
        richColors
        closeButton
        style={toasterStyle}
      />
    </SiteAuthProvider>
  );
}

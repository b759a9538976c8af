/**
 * @module
 * The frame of /login, /handler/* and /admin/*: the site's auth provider (one signed-in state for
 * all of them) and the notices (sonner). Its loader hands the browser the project id and the
 * publishable key only; the secret key never leaves the server.
 */
import type { CSSProperties } from "react";
import {
  data,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import { SiteAuthProvider } from "../../components/admin/auth/site-auth-provider";
import { adminTranslator } from "../../i18n/admin/translator";
import type { SiteAuthConfig } from "../../lib/auth-client";
import { languageFromPath } from "../../lib/language";
import { ADMIN_LAYOUT_ROUTE_ID, type AdminLayoutData } from "../../lib/route-data";
import { signInLanguageRedirect } from "../../lib/sign-in-language";
import type { Route } from "./+types/layout";

export function loader({ context, request }: Route.LoaderArgs) {
  // An English sign-in page opened by someone who reads German or Bosnian: on to theirs. Only
  // a page load gets here (see shouldRevalidate), so a click on "English" stays English.
  const languagePage = signInLanguageRedirect(new URL(request.url), request.headers);
  if (languagePage) {
    throw redirect(languagePage, {
      headers: { "Cache-Control": "private, no-store", Vary: "Accept-Language, Cookie" },
    });
  }
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
  // The notices' own labels in the page's language: the admin's (decision 034), or /login's.
  const { pathname } = useLocation();
  const adminLanguage = useRouteLoaderData<AdminLayoutData>(ADMIN_LAYOUT_ROUTE_ID)?.language;
  const { t } = adminTranslator(adminLanguage ?? languageFromPath(pathname));
  return (
    <SiteAuthProvider config={config}>
      <Outlet />
      {/* Below the admin's navigation bar (one row from 1024 px, two from 600 px, three on a
          phone), so a notice never covers Sign Out or a link while it shows (issue 33, items 11
          and 12). */}
      <Toaster
        position="top-right"
        offset={{ top: 124 }}
        mobileOffset={{ top: 172 }}
        richColors
        closeButton
        containerAriaLabel={t("notices.region")}
        toastOptions={{ closeButtonAriaLabel: t("notices.close") }}
        style={toasterStyle}
      />
    </SiteAuthProvider>
  );
}

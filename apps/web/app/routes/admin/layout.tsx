/**
 * @module
 * The frame of every /admin page: the guard (spinner, "Authentication Required", redirect to
 * /login), the admin navigation with Sign Out, and the screen. Admin screens render on the
 * client: the server sends the guard's loading state (the auth layout above provides the
 * auth state, the notices' `<Toaster>` and `Cache-Control: private, no-store` + noindex).
 *
 * For the admin screens (routes/admin/*.tsx, listed inside this layout in routes.ts):
 * - the signed-in user: `useAdminUser()` (components/admin/auth/use-admin-user);
 * - content API calls: `useAdminAccessToken()` (components/admin/auth/use-admin-access-token)
 *   gives a function returning a fresh access token; send it as `Authorization: Bearer <token>`
 *   and ask for it per request (it is refreshed when it is about to expire);
 * - signing out from a screen: `useAdminSignOut()` (components/admin/auth/use-sign-out);
 * - notices: `toast` from "sonner" (the `<Toaster>` is already mounted);
 * - page titles: each screen's `meta` export (the robots noindex tag comes from root.tsx);
 * - texts: `useAdminI18n()` (components/admin/shell/admin-language), in the admin's language,
 *   which this layout's loader reads from the request (decision 034).
 */
import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { AdminGuard } from "../../components/admin/auth/admin-guard";
import { DiscoverLoginRoute } from "../../components/admin/auth/discover-login-route";
import { AdminSignOutContext, useSignOut } from "../../components/admin/auth/use-sign-out";
import { useNavigationTimings } from "../../components/admin/seo/navigation-timing";
import { AdminLanguageProvider } from "../../components/admin/shell/admin-language";
import { AdminNav } from "../../components/admin/shell/admin-nav";
import { adminTranslator } from "../../i18n/admin/translator";
import { chosenAdminLanguage } from "../../lib/admin-language";
import type { Route } from "./+types/layout";

/** The admin's language, read here so the server renders the first paint in it. */
export function loader({ request }: Route.LoaderArgs) {
  return { language: chosenAdminLanguage(request.headers) };
}

/** Read again when the language switch asks (same page), not on every navigation. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && defaultShouldRevalidate;
}

export default function AdminLayout() {
  const { language } = useLoaderData<typeof loader>();
  const { t } = adminTranslator(language);
  const adminSignOut = useSignOut(t);
  // For the Performance tab's slow-navigation warning: every admin navigation is timed.
  useNavigationTimings();
  const { signOut, isSigningOut } = adminSignOut;
  return (
    <AdminLanguageProvider language={language}>
      <AdminSignOutContext value={adminSignOut}>
        <AdminGuard isSigningOut={isSigningOut}>
          {() => (
            <div className="min-h-screen bg-(--color-heritage-50)/40">
              <a
                href="#admin-main"
                className="sr-only z-50 rounded-md bg-(--color-heritage-800) px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
              >
                {t("nav.skipToContent")}
              </a>
              <AdminNav onSignOut={() => void signOut()} isSigningOut={isSigningOut} />
              <main
                id="admin-main"
                tabIndex={-1}
                className="mx-auto max-w-7xl px-4 py-8 outline-none"
              >
                <Outlet />
              </main>
            </div>
          )}
        </AdminGuard>
        {/* Outside the guard: /login is known before the guard or Sign Out goes there. Last, so
          the skip link stays the page's first link (axe recognises skip links by that). */}
        <DiscoverLoginRoute />
      </AdminSignOutContext>
    </AdminLanguageProvider>
  );
}

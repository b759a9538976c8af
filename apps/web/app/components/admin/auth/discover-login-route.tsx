/**
 * @module
 * Has React Router discover the /login route as soon as the admin area is on screen, so that
 * no way to /login (sign-out, the guard's redirect) has to discover it on the way.
 *
 * Why: with lazy route discovery (React Router 7.18), a navigation to a route not yet discovered
 * first fetches its manifest entry; a fetcher's revalidation that answers during that fetch
 * "completes" the navigation with the page's old routes, so the address says /login while the
 * admin screen stays (e.g. "Signing out..." for good). A discovered route starts loading at once,
 * and the router then handles a revalidation that answers meanwhile correctly.
 *
 * React Router discovers the targets of rendered links (`discover="render"`, their default) and
 * has no other public way to discover a route ahead; switching the whole app to discovering every
 * route up front would grow the public pages' JavaScript. So the admin layout renders this one
 * link, hidden: no one sees, tabs to or hears it (`hidden` takes it out of the page and of the
 * accessibility tree), the router's discovery still finds it.
 */
import { Link } from "react-router";
import { useAdminI18n } from "../shell/admin-language";
import { loginPath } from "./return-to";

export function DiscoverLoginRoute() {
  const { t } = useAdminI18n();
  return (
    <Link to={loginPath} discover="render" hidden>
      {t("nav.signIn")}
    </Link>
  );
}

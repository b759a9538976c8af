/**
 * @module
 * The admin navigation bar (site spec, section 2): Projects, FAQ, Messages, Content, SEO and
 * Sign Out; the brand leads to the dashboard. Scheduled (issue 34), Trash and Activity (issue 29)
 * follow SEO, then the admin's language switch (issue 34, item 5).
 */
import { LogOut } from "lucide-react";
import { NavLink } from "react-router";
import type { AdminKey } from "../../../i18n/admin/en";
import { classNames } from "../../ui/class-names";
import { useAdminI18n } from "./admin-language";
import { AdminLanguageSwitch } from "./admin-language-switch";

export const adminNavLinks = [
  { to: "/admin/projects", label: "nav.projects" },
  { to: "/admin/faq", label: "nav.faq" },
  { to: "/admin/contact-submissions", label: "nav.messages" },
  { to: "/admin/site-content", label: "nav.content" },
  { to: "/admin/seo", label: "nav.seo" },
  { to: "/admin/scheduled", label: "nav.scheduled" },
  { to: "/admin/trash", label: "nav.trash" },
  { to: "/admin/activity", label: "nav.activity" },
] as const satisfies readonly { to: string; label: AdminKey }[];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  classNames(
    "inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive
      ? "bg-(--color-heritage-800) text-white"
      : "text-(--color-heritage-900) hover:bg-(--color-heritage-50)",
  );

export function AdminNav({
  onSignOut,
  isSigningOut,
}: {
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <header className="border-b border-(--color-heritage-100) bg-white shadow-sm">
      {/* On a phone and a tablet: the brand and Sign Out on one row, the links below, wrapping
          onto a second row where they do not fit, so every item stays in sight (a row that
          scrolled sideways hid Trash and Activity at 375 px; issue 33, item 11). From lg up
          everything on one row. */}
      <nav
        aria-label={t("nav.label")}
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 lg:flex-nowrap"
      >
        <NavLink
          to="/admin"
          end
          className="mr-4 inline-flex min-h-11 shrink-0 items-center font-(family-name:--font-display) text-lg font-semibold text-(--color-heritage-900)"
        >
          {t("nav.brand")}
        </NavLink>
        <ul className="order-last -mx-1 flex w-full min-w-0 flex-wrap items-center gap-1 px-1 lg:order-none lg:mx-0 lg:w-auto lg:flex-nowrap lg:px-0">
          {adminNavLinks.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink to={link.to} className={linkClasses}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          {/* After the links: on a phone it takes the links' last row, not the brand's. */}
          <li className="shrink-0">
            <AdminLanguageSwitch />
          </li>
        </ul>
        <button
          type="button"
          onClick={onSignOut}
          disabled={isSigningOut}
          className="ml-auto inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-(--color-terracotta-700) hover:bg-(--color-terracotta-50) disabled:opacity-70"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t("nav.signOut")}
        </button>
      </nav>
    </header>
  );
}

/**
 * @module
 * The admin navigation bar (site spec, section 2): Projects, FAQ, Messages, Content, SEO and
 * Sign Out; the brand leads to the dashboard. Trash and Activity (issue 29) follow SEO.
 */
import { LogOut } from "lucide-react";
import { NavLink } from "react-router";
import { classNames } from "../../ui/class-names";

export const adminNavLinks = [
  { to: "/admin/projects", label: "Projects" },
  { to: "/admin/faq", label: "FAQ" },
  { to: "/admin/contact-submissions", label: "Messages" },
  { to: "/admin/site-content", label: "Content" },
  { to: "/admin/seo", label: "SEO" },
  { to: "/admin/trash", label: "Trash" },
  { to: "/admin/activity", label: "Activity" },
] as const;

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
  return (
    <header className="border-b border-(--color-heritage-100) bg-white shadow-sm">
      {/* On a phone and a tablet: the brand and Sign Out on one row, the links below, wrapping
          onto a second row where they do not fit, so every item stays in sight (a row that
          scrolled sideways hid Trash and Activity at 375 px; issue 33, item 11). From lg up
          everything on one row. */}
      <nav
        aria-label="Admin"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 lg:flex-nowrap"
      >
        <NavLink
          to="/admin"
          end
          className="mr-4 inline-flex min-h-11 shrink-0 items-center font-(family-name:--font-display) text-lg font-semibold text-(--color-heritage-900)"
        >
          Heritage Admin
        </NavLink>
        <ul className="order-last -mx-1 flex w-full min-w-0 flex-wrap items-center gap-1 px-1 lg:order-none lg:mx-0 lg:w-auto lg:flex-nowrap lg:px-0">
          {adminNavLinks.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink to={link.to} className={linkClasses}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onSignOut}
          disabled={isSigningOut}
          className="ml-auto inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-(--color-terracotta-700) hover:bg-(--color-terracotta-50) disabled:opacity-70"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign Out
        </button>
      </nav>
    </header>
  );
}

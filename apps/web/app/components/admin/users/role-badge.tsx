/**
 * @module
 * A user's role as the users screen shows it (decision 032): "Admin" or "Editor".
 */
import { type SiteRole, siteRoleLabels } from "@heritage/content";
import { classNames } from "../../ui/class-names";

export function RoleBadge({ role }: { role: SiteRole }) {
  return (
    <span
      className={classNames(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        role === "admin"
          ? "bg-(--color-heritage-800) text-white"
          : "bg-(--color-gold-300) text-(--color-heritage-900)",
      )}
    >
      {siteRoleLabels[role]}
    </span>
  );
}

/**
 * @module
 * A user's role as the users screen shows it (decision 032): "Admin" or "Editor".
 */
import type { SiteRole } from "@heritage/content";
import { classNames } from "../../ui/class-names";
import { useAdminI18n } from "../shell/admin-language";

export function RoleBadge({ role }: { role: SiteRole }) {
  const { t } = useAdminI18n();
  return (
    <span
      className={classNames(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        role === "admin"
          ? "bg-(--color-heritage-800) text-white"
          : "bg-(--color-gold-300) text-(--color-heritage-900)",
      )}
    >
      {t(`users.role.${role}`)}
    </span>
  );
}

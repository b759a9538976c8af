/**
 * @module
 * A message's status (site spec, section 2): red for new, yellow for read, green for replied,
 * grey otherwise. Text colours meet WCAG AA on their backgrounds.
 */
import type { AdminKey } from "../../../i18n/admin/en";
import { classNames } from "../../ui/class-names";
import { useAdminI18n } from "../shell/admin-language";

const statusColours: Record<string, string> = {
  new: "bg-red-100 text-red-800",
  read: "bg-yellow-100 text-yellow-900",
  replied: "bg-green-100 text-green-800",
};

const statusKeys: Record<string, AdminKey> = {
  new: "contact.status.new",
  read: "contact.status.read",
  replied: "contact.status.replied",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useAdminI18n();
  const key = statusKeys[status];
  return (
    <span
      data-status={status}
      className={classNames(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize",
        statusColours[status] ?? "bg-gray-100 text-gray-800",
      )}
    >
      {key ? t(key) : status}
    </span>
  );
}

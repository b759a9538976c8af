/**
 * @module
 * An admin page's `<title>` in the admin's language, for each admin route's `meta` export (the
 * admin layout's loader data holds the language; decision 034).
 */
import type { AdminKey } from "../../../i18n/admin/en";
import { adminTranslator } from "../../../i18n/admin/translator";
import { ADMIN_LAYOUT_ROUTE_ID, type AdminLayoutData } from "../../../lib/route-data";

/** A route's `meta` matches: each with its id and its loader's data. */
type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

export function adminPageTitle(matches: Matches, key: AdminKey) {
  const language = (
    matches.find((match) => match?.id === ADMIN_LAYOUT_ROUTE_ID)?.data as
      | AdminLayoutData
      | undefined
  )?.language;
  return [{ title: adminTranslator(language ?? "en").t(key) }];
}

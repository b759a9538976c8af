/**
 * @module
 * The admin's language below the admin layout (issue 34, item 5; decision 034): the layout's
 * loader reads it from the request, so the server renders the first paint in it, and every admin
 * component asks `useAdminI18n()` for its texts. Outside the layout (a component rendered on its
 * own) the texts are English, the spec's.
 */
import { createContext, type ReactNode, use } from "react";
import {
  type AdminTranslator,
  adminEnglish,
  adminTranslator,
} from "../../../i18n/admin/translator";
import type { SiteLanguage } from "../../../lib/language";

const AdminLanguageContext = createContext<AdminTranslator>(adminEnglish);

export function AdminLanguageProvider({
  language,
  children,
}: {
  language: SiteLanguage;
  children: ReactNode;
}) {
  return <AdminLanguageContext value={adminTranslator(language)}>{children}</AdminLanguageContext>;
}

/** The admin's language, its `t` and its date and number formats. */
export function useAdminI18n(): AdminTranslator {
  return use(AdminLanguageContext);
}

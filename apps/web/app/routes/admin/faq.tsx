/** @module /admin/faq: FAQ management (site spec, section 2). */
import { FaqScreen } from "../../components/admin/faq/faq-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/faq";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.faq");
}

export default function AdminFaq() {
  return <FaqScreen />;
}

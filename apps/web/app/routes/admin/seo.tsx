/** @module /admin/seo: global SEO settings and the performance checks (site spec, section 2). */
import { GlobalSeoScreen } from "../../components/admin/seo/global-seo-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/seo";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.seo");
}

export default function AdminSeo() {
  return <GlobalSeoScreen />;
}

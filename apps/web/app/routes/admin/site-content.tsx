/** @module /admin/site-content: page copy in three languages (site spec, section 2). */

import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import { SiteContentScreen } from "../../components/admin/site-content/site-content-screen";
import type { Route } from "./+types/site-content";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.siteContent");
}

export default function AdminSiteContent() {
  return <SiteContentScreen />;
}

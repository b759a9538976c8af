/** @module /admin/preview: a draft's page in each language and width (issue 34, item 1). */
import { PreviewScreen } from "../../components/admin/drafts/preview-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/preview";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "preview.pageTitle");
}

export default function AdminPreview() {
  return <PreviewScreen />;
}

/** @module /admin/site-content: page copy in three languages (site spec, section 2). */
import { SiteContentScreen } from "../../components/admin/site-content/site-content-screen";

export function meta() {
  return [{ title: "Site Content | Heritage Admin" }];
}

export default function AdminSiteContent() {
  return <SiteContentScreen />;
}

/** @module /admin/seo: global SEO settings and the performance checks (site spec, section 2). */
import { GlobalSeoScreen } from "../../components/admin/seo/global-seo-screen";

export function meta() {
  return [{ title: "SEO | Heritage Admin" }];
}

export default function AdminSeo() {
  return <GlobalSeoScreen />;
}

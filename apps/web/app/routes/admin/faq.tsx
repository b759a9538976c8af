/** @module /admin/faq: FAQ management (site spec, section 2). */
import { FaqScreen } from "../../components/admin/faq/faq-screen";

export function meta() {
  return [{ title: "FAQ | Heritage Admin" }];
}

export default function AdminFaq() {
  return <FaqScreen />;
}

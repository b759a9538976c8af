/** @module /admin/contact-submissions: messages sent through the contact form (site spec, section 2). */
import { ContactSubmissionsScreen } from "../../components/admin/contact-submissions/contact-submissions-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/contact-submissions";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.messages");
}

export default function AdminContactSubmissions() {
  return <ContactSubmissionsScreen />;
}

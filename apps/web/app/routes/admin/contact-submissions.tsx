/** @module /admin/contact-submissions: messages sent through the contact form (site spec, section 2). */
import { ContactSubmissionsScreen } from "../../components/admin/contact-submissions/contact-submissions-screen";

export function meta() {
  return [{ title: "Contact Messages | Heritage Admin" }];
}

export default function AdminContactSubmissions() {
  return <ContactSubmissionsScreen />;
}

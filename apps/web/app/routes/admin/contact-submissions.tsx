/** @module /admin/contact-submissions (site spec, section 2). */

export function meta() {
  return [{ title: "Contact Messages | Heritage Admin" }];
}

export default function AdminContactSubmissions() {
  return <h1 className="text-3xl font-semibold">Contact Messages</h1>;
}

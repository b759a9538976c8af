/** @module /admin/site-content (site spec, section 2). */

export function meta() {
  return [{ title: "Site Content | Heritage Admin" }];
}

export default function AdminSiteContent() {
  return <h1 className="text-3xl font-semibold">Site Content</h1>;
}

/** @module /admin/faq (site spec, section 2). */

export function meta() {
  return [{ title: "FAQ | Heritage Admin" }];
}

export default function AdminFaq() {
  return <h1 className="text-3xl font-semibold">FAQ</h1>;
}

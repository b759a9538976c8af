/** @module /admin/seo (site spec, section 2). */

export function meta() {
  return [{ title: "SEO | Heritage Admin" }];
}

export default function AdminSeo() {
  return <h1 className="text-3xl font-semibold">SEO</h1>;
}

/**
 * @module
 * `/robots.txt`: the public site may be crawled; the admin area, sign-in, the auth handler
 * pages and the development pages may not. Points crawlers to the sitemap.
 */
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.publicUrl || new URL(request.url).origin).replace(/\/+$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /handler",
    "Disallow: /de/login",
    "Disallow: /de/handler",
    "Disallow: /bs/login",
    "Disallow: /bs/handler",
    "Disallow: /dev",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

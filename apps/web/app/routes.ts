import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import type { SiteLanguage } from "./lib/language";

// The table of contents of the web app: every URL and the module that renders it.

/**
 * The public pages of one language (site spec, section 2). English lives at the spec's URLs,
 * German and Bosnian under /de and /bs; each copy gets its own route id.
 */
function publicPages(language: SiteLanguage): RouteConfigEntry[] {
  const id = (name: string) => `site-${name}-${language}`;
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    route("project/:id", "routes/site/project.tsx", { id: id("project") }),
    route("about", "routes/site/about.tsx", { id: id("about") }),
    route("contact", "routes/site/contact.tsx", { id: id("contact") }),
    route("impressum", "routes/site/impressum.tsx", { id: id("impressum") }),
    route("datenschutz", "routes/site/datenschutz.tsx", { id: id("datenschutz") }),
    // Unknown paths: "Oops! Page not found", HTTP 404.
    route("*", "routes/site/not-found.tsx", { id: id("not-found") }),
  ];
}

/**
 * The sign-in pages of one language (issue 33, item 1): /login and the auth platform's handler
 * pages, in English at the spec's paths and under /de and /bs like the public pages, so a link
 * (the password-reset mail's too) keeps its language.
 */
function signInPages(language: SiteLanguage): RouteConfigEntry[] {
  if (language === "en") {
    return [route("login", "routes/auth/login.tsx"), route("handler/*", "routes/auth/handler.tsx")];
  }
  return [
    route("login", "routes/auth/login.tsx", { id: `auth-login-${language}` }),
    route("handler/*", "routes/auth/handler.tsx", { id: `auth-handler-${language}` }),
  ];
}

export default [
  // Public site: navigation, footer and language handling around every page.
  layout("routes/site/layout.tsx", { id: "site-layout" }, [
    ...publicPages("en"),
    ...prefix("de", publicPages("de")),
    ...prefix("bs", publicPages("bs")),
  ]),

  // Public resources for search engines.
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),

  // Mail the server kept, for development; 404 unless the server turned it on (DEV_OUTBOX).
  route("dev/outbox", "routes/dev/outbox.tsx"),

  // The reference of the server's APIs, read from its OpenAPI document (noindex).
  route("api-docs", "routes/api-docs/reference.tsx"),

  // Sign-in and admin area: one auth provider around /login, /handler/* and /admin/*.
  layout("routes/auth/layout.tsx", [
    ...signInPages("en"),
    ...prefix("de", signInPages("de")),
    ...prefix("bs", signInPages("bs")),
    // Every route in here is behind the admin guard and navigation (login required).
    layout("routes/admin/layout.tsx", [
      route("admin", "routes/admin/dashboard.tsx"),
      route("admin/users", "routes/admin/users.tsx"),
      route("admin/projects", "routes/admin/projects.tsx"),
      route("admin/faq", "routes/admin/faq.tsx"),
      route("admin/site-content", "routes/admin/site-content.tsx"),
      route("admin/contact-submissions", "routes/admin/contact-submissions.tsx"),
      route("admin/seo", "routes/admin/seo.tsx"),
      route("admin/scheduled", "routes/admin/scheduled.tsx"),
      route("admin/trash", "routes/admin/trash.tsx"),
      route("admin/activity", "routes/admin/activity.tsx"),
      // A draft's page as visitors will see it (issue 34, item 1).
      route("admin/preview", "routes/admin/preview.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

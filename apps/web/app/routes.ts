import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The table of contents of the web app: every URL and the module that renders it.
export default [
  index("routes/site/home.tsx"),

  // Sign-in and admin area: one auth provider around /login, /handler/* and /admin/*.
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("handler/*", "routes/auth/handler.tsx"),
    // Every route in here is behind the admin guard and navigation (login required).
    layout("routes/admin/layout.tsx", [
      route("admin", "routes/admin/dashboard.tsx"),
      route("admin/users", "routes/admin/users.tsx"),
      route("admin/projects", "routes/admin/projects.tsx"),
      route("admin/faq", "routes/admin/faq.tsx"),
      route("admin/site-content", "routes/admin/site-content.tsx"),
      route("admin/contact-submissions", "routes/admin/contact-submissions.tsx"),
      route("admin/seo", "routes/admin/seo.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

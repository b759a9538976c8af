import { index, type RouteConfig } from "@react-router/dev/routes";

// The table of contents of the web app: every URL and the module that renders it.
export default [index("routes/site/home.tsx")] satisfies RouteConfig;

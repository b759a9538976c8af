/**
 * @module
 * Builds a public page's head from its own SEO data plus what the root (origin) and the site
 * layout (language, global SEO settings) loaded.
 */
import type { Location, MetaDescriptor } from "react-router";
import {
  findRouteData,
  ROOT_ROUTE_ID,
  type RootData,
  SITE_LAYOUT_ROUTE_ID,
  type SiteLayoutData,
} from "../route-data";
import type { PageSeo } from "../site-types";
import { buildPageMeta } from "./seo";

export function pageMeta(
  args: { matches: unknown; location: Location },
  page: PageSeo | undefined,
): MetaDescriptor[] {
  const matches = args.matches as Parameters<typeof findRouteData>[0];
  const root = findRouteData<RootData>(matches, ROOT_ROUTE_ID);
  const layout = findRouteData<SiteLayoutData>(matches, SITE_LAYOUT_ROUTE_ID);
  if (!root || !layout || !page) return [{ title: page?.title ?? "Balkan Heritage" }];
  return buildPageMeta(
    {
      origin: root.origin,
      pathname: args.location.pathname,
      language: layout.language,
      site: layout.seo,
    },
    page,
  );
}

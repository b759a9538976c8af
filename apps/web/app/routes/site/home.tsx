import { loadPageContent } from "@heritage/content";
import { data, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { FaqList } from "../../components/site/faq-list";
import { Hero } from "../../components/site/hero";
import { CATEGORY_PARAM, ProjectGrid } from "../../components/site/project-grid";
import { languageFromPath } from "../../lib/language";
import { readPagePreview } from "../../lib/preview/page-preview.server";
import { forwardLayoutHeaders } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { loadHomeData, loadSiteSeo, logLoadFailure } from "../../lib/site-data.server";
import type { PageSeo } from "../../lib/site-types";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const preview = (await readPagePreview(request, context))?.overlay;
  const [hero, home, site] = await Promise.all([
    loadPageContent(
      context.db,
      "hero",
      language,
      (error) => logLoadFailure("hero content", error, context.requestId),
      preview,
    ),
    loadHomeData(context.db, language, context.requestId, preview),
    loadSiteSeo(context.db, language, context.requestId),
  ]);
  const seo: PageSeo = {
    title: site.defaultTitle || hero.title,
    description: site.defaultDescription || hero.description,
  };
  return data({ hero, ...home, seo });
}

export const headers = forwardLayoutHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

/** Choosing a category filters the data already here; only other changes reload it. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutCategory = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(CATEGORY_PARAM);
    return params.toString();
  };
  if (withoutCategory(currentUrl) === withoutCategory(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function Home() {
  const { hero, categories, projects, faqs } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero hero={hero} />
      <ProjectGrid categories={categories} projects={projects} />
      <FaqList faqs={faqs} />
    </>
  );
}

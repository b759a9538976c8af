import { data, useLoaderData } from "react-router";
import { LegalPage } from "../../components/site/legal-page";
import { languageFromPath } from "../../lib/language";
import { readPagePreview } from "../../lib/preview/page-preview.server";
import { forwardLayoutHeaders } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { composeTitle } from "../../lib/seo/seo";
import { loadLegalPage, loadSiteSeo } from "../../lib/site-data.server";
import type { PageSeo } from "../../lib/site-types";
import type { Route } from "./+types/datenschutz";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const preview = (await readPagePreview(request, context))?.overlay;
  const [page, site] = await Promise.all([
    loadLegalPage(context.db, "datenschutz", language, context.requestId, preview),
    loadSiteSeo(context.db, language, context.requestId),
  ]);
  const seo: PageSeo = {
    title: composeTitle(page.title, site.siteName),
    description: page.description || site.defaultDescription,
    // Still the built-in placeholders: not for search engines (issue 19, defect 10).
    noindex: page.holdsPlaceholder,
  };
  return data({ title: page.title, content: page.content, seo });
}

export const headers = forwardLayoutHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

export default function DatenschutzPage() {
  const { title, content } = useLoaderData<typeof loader>();
  return <LegalPage title={title} content={content} />;
}

import { ArrowLeft } from "lucide-react";
import { data, Link, useLoaderData } from "react-router";
import { CategoryBadge, ProjectCard } from "../../components/site/project-card";
import { RichText } from "../../components/site/rich-text";
import { classNames } from "../../components/ui/class-names";
import { LazyImage } from "../../components/ui/lazy-image";
import { uiStrings, useLanguage, useStrings } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { paths } from "../../lib/paths";
import { readPagePreview } from "../../lib/preview/page-preview.server";
import { forwardLayoutHeaders } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { absoluteUrl, composeTitle } from "../../lib/seo/seo";
import { loadProjectPage, loadSiteSeo } from "../../lib/site-data.server";
import type { PageSeo } from "../../lib/site-types";
import type { Route } from "./+types/project";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const preview = (await readPagePreview(request, context))?.overlay;
  const [page, site] = await Promise.all([
    loadProjectPage(context.db, params.id, language, context.requestId, preview),
    loadSiteSeo(context.db, language, context.requestId),
  ]);
  if (page.movedTo !== undefined) {
    // A former address (or the id, or another letter case): one permanent hop to the project's
    // own, in the same language, query kept. Checked again on every visit (no-cache), since the
    // address may later become another project's own (issue 33, item 13).
    throw new Response(null, {
      status: 301,
      headers: {
        Location: `${paths.project(page.movedTo, language)}${url.search}`,
        "Cache-Control": "public, max-age=0, must-revalidate",
      },
    });
  }
  const { project } = page;
  if (!project) {
    const seo: PageSeo = {
      title: composeTitle(uiStrings[language].project.notFound, site.siteName),
      description: uiStrings[language].project.notFoundText,
      noindex: true,
      notFound: true,
    };
    return data({ ...page, seo }, { status: 404 });
  }
  const origin = (context.publicUrl || url.origin).replace(/\/+$/, "");
  const pageUrl = absoluteUrl(origin, paths.project(project.slug, language));
  // Per-language SEO fields of the project, else the global settings, else the content. The
  // share image: the project's SEO image, else its own image, else the site's (share-image.ts).
  const seo: PageSeo = {
    title: project.seoTitle || composeTitle(project.title, site.siteName),
    description: project.seoDescription || project.description || site.defaultDescription,
    images: [project.seoImage, project.image.src],
    keywords: project.seoKeywords.length > 0 ? project.seoKeywords : site.defaultKeywords,
    type: "article",
    jsonLd: [
      {
        "@type": "CreativeWork",
        "@id": `${pageUrl}#project`,
        name: project.title,
        headline: project.seoTitle || project.title,
        description: project.seoDescription || project.description,
        abstract: project.description,
        text: project.details,
        genre: project.category.name,
        image: absoluteUrl(origin, project.image.src),
        url: pageUrl,
        inLanguage: language,
        ...(project.createdAt ? { dateCreated: project.createdAt } : {}),
        ...(project.updatedAt ? { dateModified: project.updatedAt } : {}),
        ...(project.seoKeywords.length > 0 ? { keywords: project.seoKeywords.join(", ") } : {}),
        creator: { "@id": `${origin}/#organization` },
        publisher: { "@id": `${origin}/#organization` },
      },
    ],
  };
  return data({ ...page, seo });
}

export const headers = forwardLayoutHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

function BackLink() {
  const strings = useStrings();
  const language = useLanguage();
  return (
    <Link
      to={paths.home(language)}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-(--color-heritage-700) hover:text-(--color-terracotta-700)"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {strings.project.backToHome}
    </Link>
  );
}

export default function ProjectPage() {
  const { project, related } = useLoaderData<typeof loader>();
  const strings = useStrings();
  const language = useLanguage();

  if (!project) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">{strings.project.notFound}</h1>
        <p className="text-lg text-(--color-muted)">{strings.project.notFoundText}</p>
        <Link
          to={paths.home(language)}
          className="inline-flex min-h-11 items-center rounded-full bg-(--color-terracotta-600) px-5 py-2.5 font-semibold text-white hover:bg-(--color-terracotta-700)"
        >
          {strings.project.returnHome}
        </Link>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackLink />
      <div className={classNames(project.bgColor, "mt-6 overflow-hidden rounded-3xl")}>
        <LazyImage
          priority
          src={project.image.src}
          srcSet={project.image.srcSet}
          sizes={project.image.srcSet ? "(min-width: 1024px) 976px, 100vw" : undefined}
          alt={strings.images.project(project.title)}
          width={project.image.width ?? 800}
          height={project.image.height ?? 512}
          className="mx-auto h-auto max-h-[420px] w-full object-contain"
        />
      </div>
      <header className="mt-8 flex flex-col gap-4">
        <div>
          <span className="sr-only">{strings.project.categoryLabel}: </span>
          <CategoryBadge name={project.category.name} />
        </div>
        <h1 className="text-4xl font-bold sm:text-5xl">{project.title}</h1>
        <p className="text-xl leading-relaxed text-(--color-muted)">{project.description}</p>
      </header>
      <section aria-labelledby="details-title" className="mt-10">
        <h2 id="details-title" className="text-2xl font-semibold">
          {strings.project.detailsTitle}
        </h2>
        {project.detailsHtml ? (
          <RichText html={project.detailsHtml} className="mt-4 max-w-prose text-lg" />
        ) : (
          <p className="mt-4 max-w-prose text-lg leading-relaxed whitespace-pre-line">
            {project.details}
          </p>
        )}
      </section>
      {related.length > 0 ? (
        // Skipped until near the viewport (render-when-near): its box reaches into the article's
        // padding (the negative margins), so the cards' rings and hover shadows stay inside it
        // and the page looks the same.
        <section
          aria-labelledby="related-title"
          className="render-when-near -mx-4 mt-12 -mb-10 px-4 pt-4 pb-10 sm:-mx-6 sm:px-6"
        >
          <h2 id="related-title" className="text-2xl font-semibold">
            {strings.project.relatedProjects}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.id} className="flex">
                <ProjectCard project={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

import { loadPageContent, sanitizeRichText } from "@heritage/content";
import { data, useLoaderData } from "react-router";
import { PageHeader } from "../../components/site/page-header";
import { RichText } from "../../components/site/rich-text";
import { classNames } from "../../components/ui/class-names";
import { LazyImage } from "../../components/ui/lazy-image";
import { knownBackgroundClass } from "../../lib/backgrounds";
import { builtInImageSource } from "../../lib/built-in-images";
import { useStrings } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { readPagePreview } from "../../lib/preview/page-preview.server";
import { forwardLayoutHeaders } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { composeTitle } from "../../lib/seo/seo";
import { loadSiteSeo, logLoadFailure } from "../../lib/site-data.server";
import type { PageSeo } from "../../lib/site-types";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const preview = (await readPagePreview(request, context))?.overlay;
  const [about, site] = await Promise.all([
    loadPageContent(
      context.db,
      "about",
      language,
      (error) => logLoadFailure("about content", error, context.requestId),
      preview,
    ),
    loadSiteSeo(context.db, language, context.requestId),
  ]);
  const seo: PageSeo = {
    title: composeTitle(about.title, site.siteName),
    description: about.missionStatement || site.defaultDescription,
    images: [about.mainImage],
  };
  return data({
    about: {
      ...about,
      introText: sanitizeRichText(about.introText),
      values: about.values.map((value) => ({ ...value, color: knownBackgroundClass(value.color) })),
    },
    seo,
  });
}

export const headers = forwardLayoutHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

export default function AboutPage() {
  const { about } = useLoaderData<typeof loader>();
  const strings = useStrings();
  const mainImage = about.mainImage
    ? (builtInImageSource(about.mainImage) ?? { src: about.mainImage })
    : null;
  return (
    <>
      <PageHeader title={about.title} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:items-center">
        <RichText html={about.introText} className="text-lg" />
        {mainImage ? (
          <div className="overflow-hidden rounded-3xl bg-(--color-heritage-50)">
            <LazyImage
              priority
              src={mainImage.src}
              srcSet={mainImage.srcSet}
              // Half of the 5xl column beside the text from lg on, else the page's width.
              sizes={mainImage.srcSet ? "(min-width: 1024px) 468px, 100vw" : undefined}
              alt={strings.images.about}
              width={mainImage.width ?? 800}
              height={mainImage.height ?? 512}
              className="h-auto w-full"
            />
          </div>
        ) : null}
      </div>
      <section aria-labelledby="mission-title" className="render-when-near bg-white">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
          <h2 id="mission-title" className="text-3xl font-bold">
            {about.missionTitle}
          </h2>
          <p className="mt-5 text-xl leading-relaxed text-(--color-ink)">
            {about.missionStatement}
          </p>
        </div>
      </section>
      <section
        aria-labelledby="values-title"
        className="render-when-near mx-auto max-w-5xl px-4 py-14 sm:px-6"
      >
        <h2 id="values-title" className="text-3xl font-bold">
          {about.valuesTitle}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {about.values.map((value) => (
            <li key={value.title} className={classNames(value.color, "rounded-2xl p-6")}>
              <h3 className="text-xl font-semibold">{value.title}</h3>
              <p className="mt-3 leading-relaxed text-(--color-ink)">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

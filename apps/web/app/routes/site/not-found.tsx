import { data, Link } from "react-router";
import { uiStrings, useLanguage, useStrings } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { logServerEvent } from "../../lib/log.server";
import { paths } from "../../lib/paths";
import { redirectToCanonicalPath } from "../../lib/seo/canonical-path";
import { withPublicPageOpenerPolicy } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { composeTitle } from "../../lib/seo/seo";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  // `/en/about` lands here (English has no prefix): the layout redirects it, nothing to log.
  redirectToCanonicalPath(request);
  const url = new URL(request.url);
  // Spec section 2: the unknown path is logged.
  logServerEvent("warn", "page not found", {
    path: url.pathname,
    requestId: context.requestId,
    referer: request.headers.get("referer") ?? undefined,
  });
  const strings = uiStrings[languageFromPath(url.pathname)];
  return data(
    {
      seo: {
        title: composeTitle(strings.notFound.title, strings.site.name),
        description: strings.notFound.text,
        noindex: true,
        notFound: true,
      },
    },
    {
      status: 404,
      headers: withPublicPageOpenerPolicy(new Headers({ "Cache-Control": "no-store" })),
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

export default function NotFoundPage() {
  const strings = useStrings();
  const language = useLanguage();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p
        className="font-(family-name:--font-display) text-7xl font-bold text-(--color-terracotta-600)"
        aria-hidden="true"
      >
        {strings.notFound.code}
      </p>
      <h1 className="text-4xl font-bold">{strings.notFound.title}</h1>
      <p className="text-lg text-(--color-muted)">{strings.notFound.text}</p>
      <Link
        to={paths.home(language)}
        className="inline-flex min-h-11 items-center rounded-full bg-(--color-terracotta-600) px-5 py-2.5 font-semibold text-white hover:bg-(--color-terracotta-700)"
      >
        {strings.notFound.returnHome}
      </Link>
    </div>
  );
}

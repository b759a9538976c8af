/**
 * @module
 * The frame of every public page: skip link, navigation, footer, the stored-language redirect,
 * the pending views shown while the next page loads, and the page's one script (decision 023: public pages load no framework). Its loader reads what every page
 * shares (footer copy, languages, global SEO settings) and the content version for caching.
 */
import { getContentVersion, loadPageContent } from "@heritage/content";
import { data, Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { LanguageRedirectScript } from "../../components/site/language-redirect";
import { PendingViewTemplates } from "../../components/site/page-pending";
import { PreviewBanner } from "../../components/site/preview-banner";
import { SiteEnhancementsScript } from "../../components/site/site-enhancements";
import { SiteFooter } from "../../components/site/site-footer";
import { SiteHeader } from "../../components/site/site-header";
import { pageCacheHeaders } from "../../lib/http-cache.server";
import { useStrings } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { describeError, logServerEvent } from "../../lib/log.server";
import { PREVIEW_CACHE_CONTROL, readPagePreview } from "../../lib/preview/page-preview.server";
import type { SiteLayoutData } from "../../lib/route-data";
import { redirectToCanonicalPath } from "../../lib/seo/canonical-path";
import {
  loadLanguageOptions,
  loadSiteSeo,
  logLoadFailure,
  withoutContactPlaceholders,
} from "../../lib/site-data.server";
import { hasSiteSessionCookie } from "../../lib/site-session.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // One URL per page: /DE/about, /en/about and /de/ are 301s to /de/about, /about and /de.
  redirectToCanonicalPath(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const signedIn = hasSiteSessionCookie(request, context);
  // A signed-in admin's preview of a draft (decision 036); visitors' requests read nothing here.
  const preview = await readPagePreview(request, context);
  const [footer, languages, seo, contentVersion] = await Promise.all([
    loadPageContent(
      context.db,
      "footer",
      language,
      (error) => logLoadFailure("footer content", error, context.requestId),
      preview?.overlay,
    ),
    loadLanguageOptions(context.db),
    loadSiteSeo(context.db, language, context.requestId),
    // Read with the page's other data: when the database cannot be read, this fails too, and the
    // page rendered from built-in data goes out `no-store`, never into a cache.
    getContentVersion(context.db).catch((error: unknown) => {
      logServerEvent("error", "reading the content version failed", {
        error: describeError(error),
        requestId: context.requestId,
      });
      return null;
    }),
  ]);
  const draft = preview?.overlay?.draft;
  return data<SiteLayoutData>(
    {
      language,
      // The footer leaves out an e-mail or phone that is still a placeholder (issue 33, item 3).
      footer: withoutContactPlaceholders(footer),
      languages,
      seo,
      signedIn,
      preview: preview
        ? {
            savedBy: draft ? (draft.saved_by_name ?? draft.saved_by_id) : null,
            savedAt: draft ? draft.saved_at.toISOString() : null,
          }
        : null,
    },
    {
      // A preview is for the admin who asked: never stored, by no cache, and no ETag to match.
      headers: preview
        ? { "Cache-Control": PREVIEW_CACHE_CONTROL, "X-Robots-Tag": "noindex" }
        : pageCacheHeaders({ request, contentVersion, signedIn }),
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Shared data changes with the language (and after a form post); not with each page. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname)) return true;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return false;
}

export default function SiteLayout() {
  const { language, footer, languages, seo, signedIn, preview } = useLoaderData<typeof loader>();
  const strings = useStrings();
  return (
    <>
      {/* A preview stays in the language it was asked in, whatever the admin's stored choice. */}
      {preview ? null : <LanguageRedirectScript />}
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-(--color-heritage-800) px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {strings.nav.skipToContent}
      </a>
      <SiteHeader language={language} languages={languages} signedIn={signedIn} />
      <main id="main-content" tabIndex={-1} className="min-h-[60vh] pt-16 outline-none">
        {preview ? <PreviewBanner preview={preview} language={language} /> : null}
        <Outlet />
      </main>
      <SiteFooter language={language} footer={footer} social={seo.social} languages={languages} />
      <PendingViewTemplates />
      <SiteEnhancementsScript />
    </>
  );
}

import loraLatinExtUrl from "@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2?url";
import loraLatinUrl from "@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// The stylesheets are small (about 6 and 9 KiB gzip) and block the first paint: they go inline
// into the server-rendered document, saving a round trip before anything shows. The client never
// needs the text (the document already has it), so the browser bundle drops it. Public pages get
// their own, smaller sheet (decision 026); app.css, a superset, serves every page that hydrates.
import appStyles from "./app.css?inline";
import { uiStrings } from "./lib/i18n";
import { languageFromPath, languageTags } from "./lib/language";
import { useNonce } from "./lib/nonce";
import {
  ADMIN_LAYOUT_ROUTE_ID,
  type AdminLayoutData,
  type RootData,
  SITE_LAYOUT_ROUTE_ID,
} from "./lib/route-data";
import { hasSiteSessionCookie } from "./lib/site-session.server";
import publicPageStyles from "./public-pages.css?inline";

export const links: Route.LinksFunction = () => [
  // The tab icon as a small PNG (48 x 48, the drawing of /favicon.svg): Chromium fetches the icon
  // right after the load event and reads an SVG one by building a document of its own on the
  // page's main thread (3-6 ms of CPU, 4-20 ms on a busy machine, in every Lighthouse run); a PNG
  // decodes in a fraction of a millisecond (decision 035).
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" },
  // The heading font's Latin subset is on every page's first screen: fetch it with the CSS.
  { rel: "preload", href: loraLatinUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.publicUrl || new URL(request.url).origin).replace(/\/+$/, "");
  return data<RootData>({ origin, signedIn: hasSiteSessionCookie(request, context) });
}

/** Root data only changes with the sign-in state, which a plain navigation never changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Paths search engines must not index (spec section 1: admin pages are marked; /dev too). */
function isPrivatePath(pathname: string): boolean {
  return /^\/(admin|login|handler|dev|(de|bs)\/(login|handler))(\/|$)/.test(pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  // The admin area speaks the admin's language (its layout's loader reads it; decision 034).
  const adminData = useRouteLoaderData<AdminLayoutData>(ADMIN_LAYOUT_ROUTE_ID);
  const language = adminData?.language ?? languageFromPath(pathname);
  // Public pages (inside the site layout) load no framework: they are rendered here only, and
  // the layout inlines their one small script (decision 023). Every other page hydrates.
  const isPublicPage = useMatches().some((match) => match.id === SITE_LAYOUT_ROUTE_ID);
  return (
    <html lang={languageTags[language].lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3557" />
        {isPrivatePath(pathname) ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Meta />
        <style
          // Server-rendered only: hydration keeps the text the server sent.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's stylesheet, never user input
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? (isPublicPage ? publicPageStyles : appStyles) : "",
          }}
          suppressHydrationWarning
        />
        {/* Stylesheets need no nonce ('self' allows them); an empty one keeps hydration in step. */}
        <Links nonce="" />
        {language === "bs" ? (
          // Bosnian headings need the Latin Extended subset too (č, ć, š, ž, đ); without the
          // preload the browser finds it only after layout, a round trip after the first paint.
          <link
            rel="preload"
            href={loraLatinExtUrl}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ) : null}
      </head>
      <body>
        {children}
        {isPublicPage ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const strings = uiStrings[languageFromPath(pathname)];
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Error";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p>Something went wrong. Please try again.</p>
      <a className="font-medium text-(--color-heritage-700) underline" href="/">
        {strings.notFound.returnHome}
      </a>
    </main>
  );
}

/**
 * @module
 * /handler/*: the auth platform's handler pages from `@heritage/auth-react`: every route of the
 * auth-platform spec's handler table (sign-in with the project's methods, sign-up, sign-out,
 * password reset, e-mail verification, OAuth and magic-link callbacks, MFA, account settings, team
 * invitation, error).
 * Signing in leads to the admin area, signing out to /login. The pages speak the language of
 * their URL (/handler, /de/handler, /bs/handler; issue 33, item 1), and so do the mails they
 * cause (the site's auth app sends the page's language, see lib/auth-client.ts).
 */
import { AuthHandler, type HandlerSlot, type HandlerUrls } from "@heritage/auth-react";
import { useCallback, useMemo } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { SignInLanguageLinks } from "../../components/admin/auth/sign-in-language-links";
import { buttonClasses } from "../../components/ui/button-styles";
import { signInStrings } from "../../i18n/sign-in-strings";
import { useLanguage } from "../../lib/i18n";
import { languageFromPath, type SiteLanguage, withLanguagePrefix } from "../../lib/language";
import type { Route } from "./+types/handler";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: signInStrings[languageFromPath(location.pathname)].accountTitle }];
}

function handlerUrls(language: SiteLanguage): Partial<HandlerUrls> {
  return {
    home: withLanguagePrefix("/", language),
    handler: withLanguagePrefix("/handler", language),
    afterSignIn: "/admin",
    afterSignOut: withLanguagePrefix("/login", language),
  };
}

const classNames: Partial<Record<HandlerSlot, string>> = {
  // Room at the top for the language links (sign-in-language-links.tsx).
  page: "flex min-h-screen items-center justify-center bg-(--color-heritage-50) px-4 pt-16 pb-12",
  card: "w-full max-w-md space-y-5 rounded-2xl border border-(--color-heritage-100) bg-white p-8 shadow-sm",
  title: "text-center text-2xl font-semibold",
  text: "text-center text-sm text-(--color-muted)",
  form: "flex flex-col gap-4",
  field: "flex flex-col gap-1.5",
  label: "text-sm font-semibold text-(--color-heritage-900)",
  input:
    "min-h-11 rounded-md border border-(--color-heritage-100) bg-white px-3 py-2 text-base text-(--color-ink)",
  button: buttonClasses("secondary", "w-full"),
  link: "font-medium text-(--color-heritage-700) underline underline-offset-2 hover:text-(--color-terracotta-700)",
  error:
    "rounded-md border border-(--color-terracotta-600) bg-(--color-terracotta-50) p-3 text-sm text-(--color-terracotta-700)",
  status: "text-center text-(--color-muted)",
  fieldError: "text-sm text-(--color-terracotta-700)",
  section: "space-y-3 border-t border-(--color-heritage-100) pt-5",
  heading: "text-lg font-semibold text-(--color-heritage-900)",
  list: "space-y-3",
  listItem: "flex flex-wrap items-center gap-2",
  secondaryButton: buttonClasses("outline", "min-h-11 px-3 py-1.5 text-sm"),
};

export default function Handler() {
  const language = useLanguage();
  const urls = useMemo(() => handlerUrls(language), [language]);
  const params = useParams();
  const [searchParams] = useSearchParams();
  const routerNavigate = useNavigate();
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => void routerNavigate(to, options),
    [routerNavigate],
  );
  return (
    <main className="relative">
      <SignInLanguageLinks current={language} />
      <AuthHandler
        lang={language}
        path={params["*"]}
        searchParams={searchParams}
        navigate={navigate}
        urls={urls}
        classNames={classNames}
      />
    </main>
  );
}

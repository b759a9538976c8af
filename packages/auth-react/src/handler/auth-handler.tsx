/**
 * @module
 * `AuthHandler`: renders the handler page of a path under the handler base (default /handler,
 * auth-platform spec section 2). Place it in a catch-all route and pass the rest of the path.
 *
 * The pages speak English, German or Bosnian (`lang`, a BCP 47 tag such as "de" or "bs-BA";
 * anything else is English); `translationOverrides` replaces single texts of that language.
 *
 * @example
 * <AuthHandler path={params["*"]} searchParams={searchParams} navigate={navigate}
 *   urls={{ afterSignIn: "/admin" }} classNames={{ button: "btn" }} lang="de"
 *   translationOverrides={{ "signIn.formTitle": "Willkommen zurück" }} />
 */
import { useMemo } from "react";
import { AccountSettingsPage } from "./account-settings/account-settings-page";
import { EmailVerificationPage } from "./email-links/email-verification-page";
import { ForgotPasswordPage } from "./email-links/forgot-password-page";
import { PasswordResetPage } from "./email-links/password-reset-page";
import {
  HandlerContext,
  type HandlerOptions,
  type HandlerRoute,
  type HandlerSlot,
  type HandlerUrls,
  handlerRoutes,
  resolveHandlerUrls,
} from "./handler-options";
import { ErrorPage, NotFoundPage, SignOutPage } from "./handler-pages";
import { createHandlerI18n, type TranslationOverrides } from "./i18n/translator";
import { MagicLinkCallbackPage } from "./sign-in/magic-link-callback-page";
import { MfaPage } from "./sign-in/mfa-page";
import { OAuthCallbackPage } from "./sign-in/oauth-callback-page";
import { SignInPage } from "./sign-in/sign-in-page";
import { SignUpPage } from "./sign-in/sign-up-page";
import { TeamInvitationPage } from "./team-invitation-page";

export interface AuthHandlerProps {
  /** The path below the handler base, e.g. "sign-in" (a leading or trailing slash is fine). */
  path: string | undefined;
  searchParams: URLSearchParams;
  navigate: HandlerOptions["navigate"];
  urls?: Partial<HandlerUrls>;
  classNames?: Partial<Record<HandlerSlot, string>>;
  /**
   * The pages' language as a BCP 47 tag: "en", "de", "de-AT", "bs", "bs-BA"… Anything else, or
   * none, is English. Dates are formatted for the whole tag (e.g. Austrian German).
   */
  lang?: string;
  /** Texts of the chosen language to replace, by key (see i18n/en.ts for the keys). */
  translationOverrides?: TranslationOverrides;
}

function isHandlerRoute(value: string): value is HandlerRoute {
  return (handlerRoutes as readonly string[]).includes(value);
}

/** The handler route of a path below the handler base, or null when it is none of them. */
export function getHandlerRoute(path: string | undefined): HandlerRoute | null {
  const name = (path ?? "").replace(/^\/+|\/+$/g, "").toLowerCase();
  return isHandlerRoute(name) ? name : null;
}

export function AuthHandler({
  path,
  searchParams,
  navigate,
  urls,
  classNames,
  lang,
  translationOverrides,
}: AuthHandlerProps) {
  // Keyed by content: overrides written inline (a new object each render) keep the pages' texts,
  // and the callbacks that use them, the same.
  const overridesKey = JSON.stringify(translationOverrides ?? {});
  const i18n = useMemo(
    () => createHandlerI18n(lang, JSON.parse(overridesKey) as TranslationOverrides),
    [lang, overridesKey],
  );
  const options = useMemo<HandlerOptions>(
    () => ({
      urls: resolveHandlerUrls(urls),
      searchParams,
      navigate,
      classNames: classNames ?? {},
      i18n,
    }),
    [urls, searchParams, navigate, classNames, i18n],
  );
  const route = getHandlerRoute(path);
  return (
    <HandlerContext value={options}>
      {route === "sign-in" ? (
        <SignInPage />
      ) : route === "sign-out" ? (
        <SignOutPage />
      ) : route === "error" ? (
        <ErrorPage />
      ) : route === "sign-up" ? (
        <SignUpPage />
      ) : route === "forgot-password" ? (
        <ForgotPasswordPage />
      ) : route === "password-reset" ? (
        <PasswordResetPage />
      ) : route === "email-verification" ? (
        <EmailVerificationPage />
      ) : route === "account-settings" ? (
        <AccountSettingsPage />
      ) : route === "mfa" ? (
        <MfaPage />
      ) : route === "oauth-callback" ? (
        <OAuthCallbackPage />
      ) : route === "magic-link-callback" ? (
        <MagicLinkCallbackPage />
      ) : route === "team-invitation" ? (
        <TeamInvitationPage />
      ) : (
        <NotFoundPage />
      )}
    </HandlerContext>
  );
}

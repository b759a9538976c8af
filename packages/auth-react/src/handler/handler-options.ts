/**
 * @module
 * What the handler pages share: their URLs (auth-platform spec section 2: after sign-in and after
 * sign-out default to home), how they navigate, the class names an app styles them with, and
 * their language.
 */
import { createContext, useContext } from "react";
import type { HandlerI18n } from "./i18n/translator";

/** Handler routes of the auth-platform spec, section 2. */
export const handlerRoutes = [
  "sign-in",
  "sign-up",
  "sign-out",
  "email-verification",
  "password-reset",
  "forgot-password",
  "oauth-callback",
  "magic-link-callback",
  "account-settings",
  "error",
  "team-invitation",
  "mfa",
] as const;

export type HandlerRoute = (typeof handlerRoutes)[number];

export interface HandlerUrls {
  /** Default "/". */
  home: string;
  /** Default "/handler". */
  handler: string;
  /** Default: `home`. */
  afterSignIn: string;
  /** Default: `afterSignIn` (spec section 2). */
  afterSignUp: string;
  /** Default: `home`. */
  afterSignOut: string;
}

/** Parts of the handler pages an app can style (e.g. with utility classes). */
export type HandlerSlot =
  | "page"
  | "card"
  | "title"
  | "text"
  | "form"
  | "field"
  | "label"
  | "input"
  | "button"
  | "link"
  | "error"
  | "status"
  | "fieldError"
  | "section"
  | "heading"
  | "list"
  | "listItem"
  | "secondaryButton";

export interface HandlerOptions {
  urls: HandlerUrls;
  searchParams: URLSearchParams;
  /** Client-side navigation of the app (full page loads work too). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  classNames: Partial<Record<HandlerSlot, string>>;
  /** The pages' language: their texts, dates and error messages (i18n/translator.ts). */
  i18n: HandlerI18n;
}

export const HandlerContext = createContext<HandlerOptions | null>(null);

export function useHandlerOptions(): HandlerOptions {
  const options = useContext(HandlerContext);
  if (options === null) throw new Error("Handler pages must be rendered by AuthHandler");
  return options;
}

/** The texts, dates and error messages of the pages' language. */
export function useI18n(): HandlerI18n {
  return useHandlerOptions().i18n;
}

export function resolveHandlerUrls(urls: Partial<HandlerUrls> = {}): HandlerUrls {
  const home = urls.home ?? "/";
  return {
    home,
    handler: urls.handler ?? "/handler",
    afterSignIn: urls.afterSignIn ?? home,
    afterSignUp: urls.afterSignUp ?? urls.afterSignIn ?? home,
    afterSignOut: urls.afterSignOut ?? home,
  };
}

/** The query parameter that carries where to return after signing in (spec section 2). */
export const returnToParam = "after_auth_return_to";

/** The origin pages run on, or null while rendering on the server. */
function currentOrigin(): string | null {
  return typeof window === "undefined" ? null : window.location.origin;
}

/**
 * `value` as a same-origin path (with its query, without the hash, spec section 2), or null when it
 * leads elsewhere: other origins, protocol-relative `//host`, backslashes browsers read as slashes.
 */
export function toSameOriginPath(value: string): string | null {
  if (value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value.split("#")[0] || null;
  const origin = currentOrigin();
  if (origin === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}` : null;
}

/**
 * Where to go after signing in: a same-origin `after_auth_return_to` (the hash dropped, spec
 * section 2), else `fallback`.
 */
export function getReturnTarget(searchParams: URLSearchParams, fallback: string): string {
  const value = searchParams.get(returnToParam);
  return (value === null ? null : toSameOriginPath(value)) ?? fallback;
}

/** `href` with the current `after_auth_return_to` kept, so moving between pages keeps the target. */
export function withReturnTo(href: string, searchParams: URLSearchParams): string {
  const value = searchParams.get(returnToParam);
  if (value === null || toSameOriginPath(value) === null) return href;
  const separator = href.includes("?") ? "&" : "?";
  return `${href}${separator}${returnToParam}=${encodeURIComponent(value)}`;
}

/** An absolute URL of a handler page, for links the server mails (callback URLs). */
export function toAbsoluteUrl(path: string): string {
  const origin = currentOrigin();
  return origin === null ? path : new URL(path, origin).toString();
}

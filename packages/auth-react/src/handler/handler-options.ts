/**
 * @module
 * What the handler pages share: their URLs (auth-platform spec section 2: after sign-in and after
 * sign-out default to home), how they navigate, and the class names an app styles them with.
 */
import { createContext, useContext } from "react";

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
  | "status";

export interface HandlerOptions {
  urls: HandlerUrls;
  searchParams: URLSearchParams;
  /** Client-side navigation of the app (full page loads work too). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  classNames: Partial<Record<HandlerSlot, string>>;
}

export const HandlerContext = createContext<HandlerOptions | null>(null);

export function useHandlerOptions(): HandlerOptions {
  const options = useContext(HandlerContext);
  if (options === null) throw new Error("Handler pages must be rendered by AuthHandler");
  return options;
}

export function resolveHandlerUrls(urls: Partial<HandlerUrls> = {}): HandlerUrls {
  const home = urls.home ?? "/";
  return {
    home,
    handler: urls.handler ?? "/handler",
    afterSignIn: urls.afterSignIn ?? home,
    afterSignOut: urls.afterSignOut ?? home,
  };
}

/**
 * Where to go after signing in: a same-site `after_auth_return_to` (the hash dropped, spec
 * section 2), else `fallback`.
 */
export function getReturnTarget(searchParams: URLSearchParams, fallback: string): string {
  const value = searchParams.get("after_auth_return_to");
  if (value === null || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value.split("#")[0] || fallback;
}

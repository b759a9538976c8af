/**
 * @module
 * What a credential sign-in failure or success says (site spec, sections 5 and 8), in the sign-in
 * page's language (issue 33, item 1).
 */
import type { KnownError } from "@heritage/auth-protocol";
import { type SignInStrings, signInStringsEn } from "../../../i18n/sign-in-strings";

export interface Notice {
  title: string;
  text: string;
}

/**
 * A `KnownError` from the platform. In English its own message (e.g. "Wrong e-mail or password.");
 * in German and Bosnian the translation of its code, or the general failure when there is none,
 * so no English reaches a German page.
 */
export function describeSignInError(
  error: KnownError,
  strings: SignInStrings = signInStringsEn,
): Notice {
  const translated = strings.knownErrors[error.code];
  const text =
    translated ??
    (strings === signInStringsEn ? error.message || strings.fallback : strings.fallback);
  return { title: strings.errorTitle, text };
}

/** Anything else thrown while signing in (in English its message, else the general text). */
export function describeUnexpectedError(
  error: unknown,
  strings: SignInStrings = signInStringsEn,
): Notice {
  const own = error instanceof Error && error.message ? error.message : null;
  const text = own !== null && strings === signInStringsEn ? own : strings.unknown;
  return { title: strings.unexpectedTitle, text };
}

/**
 * Which of the languages we speak a request prefers, from its `Accept-Language` header (RFC 9110
 * §12.5.4): the auth server mails in it, the site's sign-in pages open in it. The header's parsing
 * (quality values, ordering) is Hono's; this only matches its ranges against our languages.
 * @module
 */
import { parseAccept } from "hono/utils/accept";

/** Croatian and Serbian (Latin) readers read Bosnian more easily than English or German. */
export const readersOfBosnian = { hr: "bs", sr: "bs", sh: "bs" } as const;

/**
 * The first of `supported` that the header accepts, by quality: an exact tag ("de"), or a region or
 * script of it ("de-AT", "sr-Latn-BA" with an alias "sr" -> "bs"). `*` and unknown ranges match
 * nothing, so the caller's own default applies; so does a missing or unparseable header.
 */
export function preferredLanguage<L extends string>(
  acceptLanguage: string | null | undefined,
  supported: readonly L[],
  aliases: Readonly<Record<string, L>> = {},
): L | undefined {
  if (!acceptLanguage) return undefined;
  for (const range of parseAccept(acceptLanguage)) {
    if (range.q <= 0) continue;
    const primary = range.type.toLowerCase().split("-")[0] ?? "";
    const match = supported.find((language) => language === primary) ?? aliases[primary];
    if (match !== undefined) return match;
  }
  return undefined;
}

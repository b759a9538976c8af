/**
 * @module
 * Sends a visitor whose stored language (localStorage `preferredLanguage`) is German or
 * Bosnian from an unprefixed URL to the same page in that language, before anything paints.
 * An inline script, so it carries this response's CSP nonce; it only reads storage and never
 * touches the page, so hydration is unaffected. It also remembers a click on a language link
 * (`data-language`) at once: the page hydrates after its first paint, and a visitor who picks a
 * language before that must not be sent back by the redirect above on the next page. The click
 * also sets the sign-in pages' language cookie, so /login opens in the language chosen here.
 */
import { PREFERRED_LANGUAGE_KEY, prefixedLanguages } from "../../lib/language";
import { useNonce } from "../../lib/nonce";
import { SIGN_IN_LANGUAGE_COOKIE, signInCookiePaths } from "../../lib/sign-in-language";

const key = JSON.stringify(PREFERRED_LANGUAGE_KEY);
// The sign-in pages follow the choice too; their cookie reaches only them (sign-in-language.ts).
const cookieScript = signInCookiePaths
  .map(
    (path) =>
      `document.cookie=${JSON.stringify(`${SIGN_IN_LANGUAGE_COOKIE}=`)}+c+${JSON.stringify(`; Path=${path}; Max-Age=31536000; SameSite=Lax`)};`,
  )
  .join("");
const script = `(function(){try{var p=localStorage.getItem(${key}),l=location.pathname;if(${JSON.stringify(prefixedLanguages)}.indexOf(p)>=0&&!/^\\/(${prefixedLanguages.join("|")})(\\/|$)/.test(l)){location.replace("/"+p+(l==="/"?"":l)+location.search+location.hash)}}catch(e){}document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-language]");if(a){var c=a.getAttribute("data-language");try{localStorage.setItem(${key},c)}catch(x){}${cookieScript}}},true)})();`;

export function LanguageRedirectScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input
      dangerouslySetInnerHTML={{ __html: script }}
      suppressHydrationWarning
    />
  );
}

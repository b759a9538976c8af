/**
 * @module
 * Sends a visitor whose stored language (localStorage `preferredLanguage`) is German or
 * Bosnian from an unprefixed URL to the same page in that language, before anything paints.
 * An inline script, so it carries this response's CSP nonce; it only reads storage and never
 * touches the page, so hydration is unaffected.
 */
import { PREFERRED_LANGUAGE_KEY, prefixedLanguages } from "../../lib/language";
import { useNonce } from "../../lib/nonce";

const script = `(function(){try{var p=localStorage.getItem(${JSON.stringify(PREFERRED_LANGUAGE_KEY)}),l=location.pathname;if(${JSON.stringify(prefixedLanguages)}.indexOf(p)>=0&&!/^\\/(${prefixedLanguages.join("|")})(\\/|$)/.test(l)){location.replace("/"+p+(l==="/"?"":l)+location.search+location.hash)}}catch(e){}})();`;

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

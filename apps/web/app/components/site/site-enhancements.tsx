/**
 * @module
 * The public pages' script (decision 023): `site-enhancements.browser.ts`, compiled at build time
 * to a small ES2017 IIFE (vite/inline-script.ts) and inlined at the end of the site layout's body with this response's CSP nonce (a stored page names it by its hash,
 * decision 011). Public pages load no framework: React renders them on the server only.
 */
import { useNonce } from "../../lib/nonce";
import enhancements from "./site-enhancements.browser.ts?inline-script";

export function SiteEnhancementsScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      // Server-rendered only (public pages never hydrate): the client bundle drops the text.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's script, no user input
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? enhancements : "" }}
    />
  );
}

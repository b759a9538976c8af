/**
 * @module
 * The CSP hashes of the inline scripts the app itself rendered into a page (decision 011). The
 * app marks each of its scripts with the response's nonce, which nothing else in the page can
 * know; a script stored content smuggled into the page has no such mark, so it gets no hash and
 * the browser refuses it. Hashing every inline script instead would approve the injected ones.
 */
import { createHash } from "node:crypto";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `'sha256-…'` sources for the text of every `<script>` element carrying `nonce="<nonce>"`,
 * without repeats, in page order. A script element's text runs to the first `</script`
 * (HTML's script data state), which is also where the browser ends it.
 */
export function hashNoncedScripts(html: string, nonce: string): string[] {
  if (!nonce) return [];
  const noncedScript = new RegExp(
    `<script\\b[^>]*\\snonce="${escapeRegExp(nonce)}"[^>]*>([\\s\\S]*?)</script`,
    "gi",
  );
  const sources = new Set<string>();
  for (const match of html.matchAll(noncedScript)) {
    // The browser hashes the element's text after the parser's newline normalisation.
    const text = (match[1] ?? "").replace(/\r\n?/g, "\n");
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...sources];
}

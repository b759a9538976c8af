/**
 * Text placed in HTML (pages the server writes, e-mail bodies): the five characters that could
 * end a text or attribute value are written as entities.
 * @module
 */
const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** @module `If-Match` for a row version (the content API's ETag, decision 029). */

/** The header for `version`; none when the version is not known (the write is then unchecked). */
export function versionHeader(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { "if-match": `"${version}"` };
}

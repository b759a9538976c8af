/**
 * @module
 * A `document.cookie` double for tests: assignments are parsed like a browser does (name, value,
 * expiry in the past deletes), reading joins `name=value` pairs. Cookies are keyed by name only
 * (no partitioning, so the CHIPS probe answers "unsupported"); every assignment is recorded.
 */
export interface FakeCookieDocument {
  cookie: string;
  readonly assignments: string[];
  /** The raw (still encoded) value of a cookie, or undefined. */
  raw(name: string): string | undefined;
  /** The attributes of the last assignment that set `name`. */
  attributes(name: string): string[] | undefined;
  createElement(): object;
}

export function createFakeDocument(now: () => number = () => Date.now()): FakeCookieDocument {
  const jar = new Map<string, { value: string; attributes: string[] }>();
  const assignments: string[] = [];
  return {
    get cookie() {
      return [...jar].map(([name, { value }]) => `${name}=${value}`).join("; ");
    },
    set cookie(assignment: string) {
      assignments.push(assignment);
      const [pair = "", ...rawAttributes] = assignment.split(";");
      const attributes = rawAttributes.map((a) => a.trim()).filter((a) => a !== "");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expires = attributes.find((a) => /^expires=/i.test(a));
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      const expired =
        (expires !== undefined && Date.parse(expires.slice(8)) <= now()) ||
        (maxAge !== undefined && Number(maxAge.slice(8)) <= 0);
      if (expired) jar.delete(name);
      else jar.set(name, { value, attributes });
    },
    assignments,
    raw: (name) => jar.get(name)?.value,
    attributes: (name) => jar.get(name)?.attributes,
    createElement: () => ({}),
  };
}

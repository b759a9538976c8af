/**
 * @module
 * Text from outside that the database cannot keep as sent (issue 14): a NUL character (PostgreSQL
 * refuses it in text and jsonb, so the write fails as a server error) and an unpaired UTF-16
 * surrogate (jsonb refuses its escape; a text column would silently store U+FFFD instead).
 * Callers check with these before anything reaches the database and answer 400 naming the field.
 */
import type { FieldIssue } from "../content-errors";

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `value` cannot be stored, as the end of a sentence ("Name ..."); null when it can. */
export function unstorableTextReason(value: string): string | null {
  if (value.includes("\u0000")) return "must not contain NUL characters";
  if (unpairedSurrogate.test(value)) return "must not contain unpaired surrogate characters";
  return null;
}

/** True when `value` can be stored as it is (see the module notes). */
export function isStorableText(value: string): boolean {
  return unstorableTextReason(value) === null;
}

/** Issues listed at most; one bad body must not make a long answer. */
const MAX_ISSUES = 20;

type Visit = { value: unknown; key: string | null; parent: Visit | null };

function pathOf(visit: Visit, rootName: string): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.length > 0 ? keys.reverse().join(".") : rootName;
}

/**
 * Every text in a parsed JSON value (object keys included) that cannot be stored, as issues
 * naming its dotted path ("content.values.0.title"). Walks without recursion, and each step keeps
 * only a link to its parent, so any nesting a JSON parser accepted is cheap to check.
 */
export function findUnstorableText(value: unknown, rootName = "body"): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const queue: Visit[] = [{ value, key: null, parent: null }];
  for (let index = 0; index < queue.length && issues.length < MAX_ISSUES; index++) {
    const visit = queue[index] as Visit;
    if (typeof visit.value === "string") {
      const reason = unstorableTextReason(visit.value);
      if (reason) issues.push({ field: pathOf(visit, rootName), message: `The value ${reason}` });
    } else if (Array.isArray(visit.value)) {
      visit.value.forEach((item, position) => {
        queue.push({ value: item, key: String(position), parent: visit });
      });
    } else if (visit.value !== null && typeof visit.value === "object") {
      for (const [key, item] of Object.entries(visit.value)) {
        const reason = unstorableTextReason(key);
        if (reason) {
          issues.push({ field: pathOf(visit, rootName), message: `A field name ${reason}` });
        } else {
          queue.push({ value: item, key, parent: visit });
        }
      }
    }
  }
  return issues;
}

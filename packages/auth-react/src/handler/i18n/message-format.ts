/**
 * @module
 * The small part of ICU MessageFormat the catalogues use: `{name}` for a value, and
 * `{count, plural, =0 {…} one {…} few {…} other {…}}` for the form a number asks for in the
 * language (`Intl.PluralRules`: Bosnian has one/few/other, "1 sesija", "3 sesije", "5 sesija";
 * German and English one/other), `#` inside standing for the number. Apostrophes are plain text.
 * A `{` that starts no placeholder stays as it is.
 */

/** A piece of a formatted message: text, or a value that is no text (e.g. a React element). */
export type MessagePart<T> = string | T;

interface Placeholder {
  name: string;
  /** The plural branches by selector ("one", "few", "other", "=0"), or null for a plain value. */
  branches: Map<string, string> | null;
  /** Index just after the closing brace. */
  end: number;
}

/** The index of the brace closing the one at `start`, or -1. */
function closingBrace(template: string, start: number): number {
  let depth = 0;
  for (let index = start; index < template.length; index++) {
    const char = template[index];
    if (char === "{") depth++;
    else if (char === "}") {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function parseBranches(source: string): Map<string, string> | null {
  const branches = new Map<string, string>();
  let index = 0;
  while (index < source.length) {
    const selector = /^\s*(=\d+|[a-z]+)\s*\{/.exec(source.slice(index));
    if (selector === null) return /^\s*$/.test(source.slice(index)) ? branches : null;
    const open = index + selector[0].length - 1;
    const close = closingBrace(source, open);
    if (close === -1) return null;
    branches.set(selector[1] as string, source.slice(open + 1, close));
    index = close + 1;
  }
  return branches;
}

/** The placeholder starting at `start` (a `{`), or null when the brace starts none. */
function readPlaceholder(template: string, start: number): Placeholder | null {
  const close = closingBrace(template, start);
  if (close === -1) return null;
  const inner = template.slice(start + 1, close);
  const plain = /^\s*(\w+)\s*$/.exec(inner);
  if (plain) return { name: plain[1] as string, branches: null, end: close + 1 };
  const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
  if (!plural) return null;
  const branches = parseBranches(plural[2] as string);
  if (branches === null || !branches.has("other")) return null;
  return { name: plural[1] as string, branches, end: close + 1 };
}

/**
 * The message `template` with its placeholders filled from `values`, as parts: consecutive text
 * is joined, so a message of text and strings is one string. A missing value leaves the
 * placeholder as written (a visible mistake, not a crash).
 */
export function formatMessageParts<T>(
  template: string,
  locale: string,
  values: Readonly<Record<string, string | number | T>> = {},
  pound: string | null = null,
): MessagePart<T>[] {
  const parts: MessagePart<T>[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") parts.push(text);
    text = "";
  };
  let index = 0;
  while (index < template.length) {
    const char = template[index] as string;
    if (char === "#" && pound !== null) {
      text += pound;
      index++;
      continue;
    }
    const placeholder = char === "{" ? readPlaceholder(template, index) : null;
    if (placeholder === null) {
      text += char;
      index++;
      continue;
    }
    const value = values[placeholder.name];
    if (placeholder.branches !== null) {
      const count = typeof value === "number" ? value : Number(value);
      const branch =
        placeholder.branches.get(`=${count}`) ??
        placeholder.branches.get(new Intl.PluralRules(locale).select(count)) ??
        (placeholder.branches.get("other") as string);
      const shown = new Intl.NumberFormat(locale).format(count);
      for (const part of formatMessageParts(branch, locale, values, shown)) {
        if (typeof part === "string") text += part;
        else {
          flush();
          parts.push(part);
        }
      }
    } else if (value === undefined) {
      text += template.slice(index, placeholder.end);
    } else if (typeof value === "string") {
      text += value;
    } else if (typeof value === "number") {
      text += new Intl.NumberFormat(locale).format(value);
    } else {
      flush();
      parts.push(value);
    }
    index = placeholder.end;
  }
  flush();
  return parts;
}

/** The message `template` with its placeholders filled from `values`, as text. */
export function formatMessage(
  template: string,
  locale: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return formatMessageParts<never>(template, locale, values).join("");
}

/** The names of the values a message takes (for checking translations against the source). */
export function messageArguments(template: string): string[] {
  const names = new Set<string>();
  const visit = (source: string) => {
    let index = 0;
    while (index < source.length) {
      const placeholder = source[index] === "{" ? readPlaceholder(source, index) : null;
      if (placeholder === null) {
        index++;
        continue;
      }
      names.add(placeholder.name);
      for (const branch of placeholder.branches?.values() ?? []) visit(branch);
      index = placeholder.end;
    }
  };
  visit(template);
  return [...names].sort();
}

/** The selectors of each plural placeholder of a message, e.g. `[["one", "few", "other"]]`. */
export function pluralSelectors(template: string): string[][] {
  const found: string[][] = [];
  const visit = (source: string) => {
    let index = 0;
    while (index < source.length) {
      const placeholder = source[index] === "{" ? readPlaceholder(source, index) : null;
      if (placeholder === null) {
        index++;
        continue;
      }
      if (placeholder.branches !== null) {
        found.push([...placeholder.branches.keys()]);
        for (const branch of placeholder.branches.values()) visit(branch);
      }
      index = placeholder.end;
    }
  };
  visit(template);
  return found;
}

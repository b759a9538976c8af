/**
 * Turning an e-mail template's TSX into a draft's (`POST /internal/rewrite-template-source`): a draft
 * is sent as it is, so it takes no variables. The template's variables schema (an arktype
 * `export const … = type(…)`) and its `EmailTemplate.PreviewVariables` go; the template's
 * `variables` parameter becomes a constant holding the preview values (an empty object when there
 * were none), so the draft shows what the template's preview showed. The reference asks an AI
 * model for this rewrite (and without one strips the variables to `{}`); this server rewrites the
 * text itself. Either way the result must render in the sandbox, or the rewrite fails with
 * TEMPLATE_SOURCE_REWRITE_ERROR.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import {
  type EmailRenderer,
  emptyThemeSource,
  rendererBusyRetrySeconds,
} from "../email-sandbox/tsx-sandbox";
import { plainErrors } from "../shared/plain-errors";

const openers: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/**
 * The index just past the end of the expression or statement that starts at `from`: the first
 * `;` or line break outside brackets, strings and template literals (or the end of the text).
 * With `stopWord`, also stops before that word at depth 0 (returning its index).
 */
function endOfStatement(source: string, from: number, stopWord?: string): number {
  const closers: string[] = [];
  let index = from;
  while (index < source.length) {
    const char = source[index] as string;
    if (char === '"' || char === "'" || char === "`") {
      index = endOfString(source, index);
      continue;
    }
    const closer = openers[char];
    if (closer) closers.push(closer);
    else if (char === closers[closers.length - 1]) closers.pop();
    else if (closers.length === 0) {
      if (char === ";") return index + 1;
      if (char === "\n" && source.slice(from, index).trim() !== "") return index;
      if (stopWord && source.startsWith(stopWord, index) && /\s/.test(source[index - 1] ?? "")) {
        return index;
      }
    }
    index += 1;
  }
  return index;
}

/** The index just past the string or template literal that opens at `from` (`${}` included). */
function endOfString(source: string, from: number): number {
  const quote = source[from];
  let index = from + 1;
  while (index < source.length) {
    const char = source[index];
    if (char === "\\") index += 2;
    else if (char === quote) return index + 1;
    else if (quote === "`" && char === "$" && source[index + 1] === "{") {
      index = matchingClose(source, index + 1) + 1;
    } else index += 1;
  }
  return index;
}

/** The index of the bracket closing the one at `open`. */
function matchingClose(source: string, open: number): number {
  const closers: string[] = [];
  let index = open;
  while (index < source.length) {
    const char = source[index] as string;
    if (char === '"' || char === "'" || char === "`") {
      index = endOfString(source, index);
      continue;
    }
    const closer = openers[char];
    if (closer) closers.push(closer);
    else if (char === closers[closers.length - 1]) {
      closers.pop();
      if (closers.length === 0) return index;
    }
    index += 1;
  }
  return source.length - 1;
}

/** The items of a bracketed list's inside, split at top-level commas, trimmed, empties left out. */
function splitTopLevel(inside: string): string[] {
  const items: string[] = [];
  let start = 0;
  let index = 0;
  while (index < inside.length) {
    const char = inside[index] as string;
    if (char === '"' || char === "'" || char === "`") {
      index = endOfString(inside, index);
      continue;
    }
    if (openers[char]) {
      index = matchingClose(inside, index) + 1;
      continue;
    }
    if (char === ",") {
      items.push(inside.slice(start, index));
      start = index + 1;
    }
    index += 1;
  }
  items.push(inside.slice(start));
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

/** Removes the statement starting at `start` (to its end, plus the line break after it). */
function removeStatement(source: string, start: number, end: number): string {
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const before = source.slice(lineStart, start).trim() === "" ? lineStart : start;
  const after = source[end] === "\n" ? end + 1 : end;
  return source.slice(0, before) + source.slice(after);
}

/** The preview values' expression, and the source without the assignment. */
function takePreviewVariables(source: string): { source: string; preview: string | null } {
  const match = /EmailTemplate\.PreviewVariables\s*=\s*/.exec(source);
  if (!match) return { source, preview: null };
  const valueStart = match.index + match[0].length;
  const valueEnd = endOfStatement(source, valueStart, "satisfies");
  const preview = source.slice(valueStart, valueEnd).replace(/;\s*$/, "").trim();
  const statementEnd = source.startsWith("satisfies", valueEnd)
    ? endOfStatement(source, valueEnd)
    : valueEnd;
  return {
    source: removeStatement(source, match.index, statementEnd),
    preview: preview === "" ? null : preview,
  };
}

/** Removes every `export const name = type(…)` (the arktype variables schemas). */
function dropVariablesSchemas(source: string): string {
  const schema = /(?:export\s+)?const\s+\w+\s*=\s*type\s*\(/g;
  let result = source;
  for (let match = schema.exec(result); match; match = schema.exec(result)) {
    const end = endOfStatement(result, match.index + match[0].length - 1);
    result = removeStatement(result, match.index, end);
    schema.lastIndex = match.index;
  }
  return result;
}

/**
 * `EmailTemplate` without its `variables` parameter and with `const variables = …;` as its first
 * statement. Sources whose `EmailTemplate` is not a function declaration keep their parameters.
 */
function inlineVariables(source: string, preview: string): string {
  const declaration = /export\s+function\s+EmailTemplate\s*\(/.exec(source);
  if (!declaration) return source;
  const paramsOpen = declaration.index + declaration[0].length - 1;
  const paramsClose = matchingClose(source, paramsOpen);
  let params = source.slice(paramsOpen + 1, paramsClose);
  const destructured = /^\s*\{/.exec(params);
  if (destructured) {
    const braceOpen = destructured[0].length - 1;
    const braceClose = matchingClose(params, braceOpen);
    const kept = splitTopLevel(params.slice(braceOpen + 1, braceClose)).filter(
      (entry) => !/^variables\s*(?:[:=]|$)/.test(entry),
    );
    const pattern = kept.length > 0 ? `{ ${kept.join(", ")} }` : "{}";
    params = `${pattern}${params.slice(braceClose + 1)}`;
  }
  const bodyOpen = source.indexOf("{", paramsClose);
  if (bodyOpen === -1) return source;
  return `${source.slice(0, paramsOpen + 1)}${params}${source.slice(paramsClose, bodyOpen + 1)}\n  const variables = ${preview};${source.slice(bodyOpen + 1)}`;
}

/** The rewritten source; a template without variables comes back unchanged. */
export function rewriteTemplateSourceText(templateSource: string): string {
  const hasPreview = /EmailTemplate\.PreviewVariables\s*=/.test(templateSource);
  const hasSchema = /\btype\s*\(/.test(templateSource);
  if (!hasPreview && !hasSchema) return templateSource;
  const { source, preview } = takePreviewVariables(templateSource);
  const withoutSchemas = dropVariablesSchemas(source);
  if (/const\s+variables\s*=/.test(withoutSchemas)) return withoutSchemas;
  return inlineVariables(withoutSchemas, preview ?? "{}");
}

/** Rewrites, then renders the result as a preview; TEMPLATE_SOURCE_REWRITE_ERROR if it fails. */
export async function rewriteTemplateSource(
  renderer: EmailRenderer,
  templateSource: string,
  project: { id: string; displayName: string },
): Promise<string> {
  const rewritten = rewriteTemplateSourceText(templateSource);
  const rendered = await renderer.render({
    projectId: project.id,
    templateSource: rewritten,
    themeSource: emptyThemeSource,
    user: { displayName: "John Doe" },
    project: { displayName: project.displayName },
    previewMode: true,
  });
  if (!rendered.ok && rendered.busy) throw plainErrors.emailRendererBusy(rendererBusyRetrySeconds);
  if (!rendered.ok) throw knownErrors.templateSourceRewriteError({ error: rendered.error });
  return rewritten;
}

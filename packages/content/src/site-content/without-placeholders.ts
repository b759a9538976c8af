/**
 * @module
 * What visitors see of copy that still holds the default copy's placeholders (issue 33, item 3):
 * nothing. An e-mail address or phone number that is a placeholder is left out, so is each line
 * of an address that is one, and a social link to a network's home page; in rich text (impressum,
 * privacy) the line, paragraph, list item or table row holding one goes, a heading whose section
 * lost everything goes with it, and where paragraphs went from a section that still stands, one
 * neutral line (in the page's language, given by the caller) says that more follows.
 *
 * The same patterns as the go-live checklist (placeholders.ts), so what the dashboard lists is
 * what visitors are spared. Only public pages call these; the admin's forms show the stored text.
 */
import { findPlaceholderText } from "./placeholders";

/** The text, or "" when it holds a placeholder ("info@example.org", "+387 00 000 000"). */
export function withoutPlaceholder(text: string): string {
  return findPlaceholderText(text) ? "" : text;
}

/** A multi-line text (an address) without the lines that hold a placeholder; "" when none is left. */
export function linesWithoutPlaceholders(text: string): string {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !findPlaceholderText(line))
    .join("\n");
}

// --- Rich text -------------------------------------------------------------------------------

type TextNode = { kind: "text"; raw: string };
type ElementNode = { kind: "element"; tag: string; openTag: string; children: Node[] };
/** Where content holding a placeholder was taken out (resolved into a note, or nothing). */
type Marker = { kind: "marker" };
type Node = TextNode | ElementNode | Marker;

const VOID_TAGS = new Set(["br", "hr", "img", "wbr"]);
const BLOCK_TAGS = new Set([
  "address",
  "blockquote",
  "dd",
  "div",
  "dl",
  "dt",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);
/** Containers whose children are items or rows: a note never goes inside them. */
const LIST_TAGS = new Set(["ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr"]);
/** Content that counts even without text. */
const CONTENT_WITHOUT_TEXT = new Set(["img", "hr"]);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g;

/**
 * Reads HTML as sanitizeRichText writes it (every element closed, attribute values and text
 * escaped) into a tree that serialises back to the same bytes. A stray closing tag closes what
 * it matches, or is dropped.
 */
function parse(html: string): Node[] {
  const root: ElementNode = { kind: "element", tag: "#root", openTag: "", children: [] };
  const stack: ElementNode[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (index > last) current().children.push({ kind: "text", raw: html.slice(last, index) });
    last = index + match[0].length;
    const tag = (match[2] ?? "").toLowerCase();
    if (match[1] === "/") {
      const open = stack.findLastIndex((element) => element.tag === tag);
      if (open > 0) stack.length = open;
      continue;
    }
    const element: ElementNode = { kind: "element", tag, openTag: match[0], children: [] };
    current().children.push(element);
    if (!VOID_TAGS.has(tag) && !match[0].endsWith("/>")) stack.push(element);
  }
  if (last < html.length) current().children.push({ kind: "text", raw: html.slice(last) });
  return root.children;
}

function serialise(nodes: Node[], note: string): string {
  return nodes
    .map((node) => {
      if (node.kind === "text") return node.raw;
      if (node.kind === "marker") return `<p><em>${escapeText(note)}</em></p>`;
      if (VOID_TAGS.has(node.tag) || node.openTag.endsWith("/>")) return node.openTag;
      return `${node.openTag}${serialise(node.children, note)}</${node.tag}>`;
    })
    .join("");
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The text a visitor reads or follows: text, and the address of a link (mailto:, tel:). */
function textOf(node: Node): string {
  if (node.kind === "text") return node.raw;
  if (node.kind === "marker") return "";
  const href = node.tag === "a" ? (/\shref="([^"]*)"/.exec(node.openTag)?.[1] ?? "") : "";
  return `${node.children.map(textOf).join(" ")} ${href}`;
}

const holdsPlaceholder = (nodes: Node[]) =>
  findPlaceholderText(nodes.map(textOf).join(" ")) !== null;

/** No text and no image or rule, only whitespace and markers. */
function isEmpty(nodes: Node[]): boolean {
  return nodes.every((node) => {
    if (node.kind === "marker") return true;
    if (node.kind === "text") return node.raw.replace(/&nbsp;/g, " ").trim() === "";
    return !CONTENT_WITHOUT_TEXT.has(node.tag) && isEmpty(node.children);
  });
}

const isBlock = (node: Node) => node.kind === "element" && BLOCK_TAGS.has(node.tag);
const isBreak = (node: Node) => node.kind === "element" && node.tag === "br";

/**
 * A run of inline content (text, links, emphasis) without the lines that hold a placeholder,
 * lines being what `<br>` separates. `emptied`: every line with text in it went.
 */
function cleanInline(run: Node[]): { nodes: Node[]; removed: boolean; emptied: boolean } {
  const lines: Node[][] = [[]];
  const breaks: Node[] = [];
  for (const node of run) {
    if (isBreak(node)) {
      breaks.push(node);
      lines.push([]);
    } else lines[lines.length - 1]?.push(node);
  }
  const kept = lines.filter((line) => !holdsPlaceholder(line));
  if (kept.length === lines.length) return { nodes: run, removed: false, emptied: false };
  const nodes: Node[] = [];
  kept.forEach((line, index) => {
    if (index > 0) nodes.push(breaks[index - 1] ?? { kind: "text", raw: "" });
    nodes.push(...line);
  });
  return { nodes, removed: true, emptied: isEmpty(nodes) };
}

/** The children of one element without what holds a placeholder; a marker where content went. */
function cleanChildren(children: Node[]): { nodes: Node[]; removed: boolean } {
  const nodes: Node[] = [];
  let removed = false;
  let run: Node[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const cleaned = cleanInline(run);
    run = [];
    removed ||= cleaned.removed;
    if (cleaned.emptied) nodes.push({ kind: "marker" });
    else nodes.push(...cleaned.nodes);
  };
  for (const child of children) {
    if (!isBlock(child) || child.kind !== "element") {
      run.push(child);
      continue;
    }
    endRun();
    // A table row goes whole: a row without one of its cells would misalign the table.
    if (child.tag === "tr" && holdsPlaceholder(child.children)) {
      removed = true;
      nodes.push({ kind: "marker" });
      continue;
    }
    const cleaned = cleanChildren(child.children);
    if (!cleaned.removed) {
      nodes.push(child);
      continue;
    }
    removed = true;
    if (isEmpty(cleaned.nodes)) nodes.push({ kind: "marker" });
    else nodes.push({ ...child, children: resolveMarkers(child.tag, cleaned.nodes) });
  }
  endRun();
  return { nodes, removed };
}

const headingRank = (node: Node) =>
  node.kind === "element" && /^h[1-6]$/.test(node.tag) ? Number(node.tag[1]) : null;

/**
 * Within one element: a heading whose section (up to the next heading of its rank or higher) kept
 * nothing but lost something goes, with its markers; in lists and tables markers simply go; in
 * other places each run of markers becomes one neutral line (a marker left in the tree).
 */
function resolveMarkers(tag: string, nodes: Node[]): Node[] {
  if (LIST_TAGS.has(tag)) return nodes.filter((node) => node.kind !== "marker");
  const keep = nodes.map(() => true);
  for (let index = nodes.length - 1; index >= 0; index--) {
    const rank = headingRank(nodes[index] as Node);
    if (rank === null) continue;
    let end = index + 1;
    let lost = false;
    let content = false;
    for (; end < nodes.length; end++) {
      const node = nodes[end] as Node;
      const nested = headingRank(node);
      if (nested !== null && nested <= rank) break;
      // A subsection dropped before (this loop runs backwards) was lost too.
      if (!keep[end] || node.kind === "marker") lost = true;
      else if (!isEmpty([node]) || nested !== null) content = true;
    }
    if (lost && !content) for (let drop = index; drop < end; drop++) keep[drop] = false;
  }
  const resolved: Node[] = [];
  let afterMarker = false;
  nodes.forEach((node, index) => {
    if (!keep[index]) return;
    if (node.kind === "marker") {
      if (!afterMarker) resolved.push(node);
      afterMarker = true;
      return;
    }
    // Whitespace between two removed paragraphs does not part their markers.
    if (node.kind === "text" && node.raw.trim() === "" && afterMarker) return;
    afterMarker = false;
    resolved.push(node);
  });
  return resolved;
}

/**
 * Rich text (sanitised HTML: impressum, privacy) as visitors see it: without the paragraphs,
 * lines, list items and table rows that hold a placeholder, without headings left with nothing
 * under them, and `note` (e.g. "Further details will be published here shortly.") once where
 * paragraphs went from a section that still stands. HTML without placeholders comes back as is.
 */
export function richTextWithoutPlaceholders(html: string, note: string): string {
  const links = [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]);
  if (findPlaceholderText(`${html} ${links.join(" ")}`) === null) return html;
  const cleaned = cleanChildren(parse(html));
  if (!cleaned.removed) return html;
  return serialise(resolveMarkers("#root", cleaned.nodes), note);
}

/**
 * @module
 * Project addresses (issue 33, item 13): `/project/{slug}`. The rule of an address and how one is
 * made from an English title are plain functions, shared with the admin's form (no database, no
 * Node built-ins); choosing a free one reads the database.
 *
 * Why a slug beside the id, not a renamed id: the id names the project everywhere history is kept
 * (revisions, trash, audit log, the admin's History, an editor's open form and its `If-Match`),
 * so it never changes; only the public address does, and every former address is kept in
 * `project_redirects`, pointing at the project rather than at an address, so that any number of
 * renames ends at the current address in one hop.
 */
import { z } from "zod";

/** The longest address, as the id rule always allowed (`slugId`). */
export const PROJECT_SLUG_MAX = 100;

/** What a project gets when its title gives no letter or digit to make an address of. */
export const FALLBACK_PROJECT_SLUG = "project";

/**
 * Addresses no project is given, made or chosen: words a reader would take for a page of the
 * site's own rather than a project (`/project/new`), and the texts of a missing value.
 */
export const reservedProjectSlugs: ReadonlySet<string> = new Set([
  "new",
  "edit",
  "create",
  "delete",
  "preview",
  "index",
  "admin",
  "api",
  "null",
  "undefined",
]);

const slugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** True when `slug` follows the address rule and is not reserved. */
export function isValidProjectSlug(slug: string): boolean {
  return slugPattern.test(slug) && !reservedProjectSlugs.has(slug);
}

/**
 * The address field of a write: lower-case letters, digits and hyphens, at most 100 characters,
 * starting with a letter or digit, not a reserved word. Empty (or null, or left out on a create)
 * means "make it from the English title"; left out on an update, the address stays.
 */
export const projectSlugField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PROJECT_SLUG_MAX, `${label} must be at most ${PROJECT_SLUG_MAX} characters`)
    .refine((value) => value === "" || slugPattern.test(value), {
      error: `${label} may contain only lower-case letters (a-z), digits and hyphens, and must start with a letter or digit`,
    })
    .refine((value) => !reservedProjectSlugs.has(value), {
      error: (issue) => `${label} "${String(issue.input)}" is reserved; please choose another`,
    })
    .nullish();

/**
 * Letters that Unicode decomposition does not turn into a base letter and a mark, written as
 * Bosnian, German and their neighbours spell them in plain ASCII; and the Cyrillic alphabet
 * (Bosnian is also written in it), transliterated as Bosnian Latin spells it.
 */
const letterSpellings: Record<string, string> = {
  đ: "dj",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  þ: "th",
  ð: "d",
  ı: "i",
  ħ: "h",
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "dj",
  е: "e",
  ж: "z",
  з: "z",
  и: "i",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "c",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "c",
  џ: "dz",
  ш: "s",
  ѓ: "g",
  ќ: "k",
  ѕ: "dz",
  ё: "e",
  й: "j",
  щ: "sc",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "ju",
  я: "ja",
  і: "i",
  ї: "ji",
  є: "je",
  ґ: "g",
};

/** Cuts `slug` to `max` characters, at a hyphen when one is near, never ending in a hyphen. */
function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cutHere = slug.slice(0, max);
  const lastHyphen = cutHere.lastIndexOf("-");
  const atWord =
    slug[max] === "-" ? cutHere : lastHyphen >= max / 2 ? cutHere.slice(0, lastHyphen) : cutHere;
  return atWord.replace(/-+$/, "");
}

/**
 * The address a title reads as: lower case, diacritics folded ("Šta čujemo" -> "sta-cujemo",
 * "Đakovo" -> "djakovo", "Straße" -> "strasse"), anything else between words one hyphen, at most
 * 100 characters (cut at a word when one ends near the limit). "project" when the title has no
 * letter or digit. It may still be reserved or taken: `chooseProjectSlug` settles that.
 */
export function slugFromTitle(title: string): string {
  const spelled = [...title.toLowerCase()].map((char) => letterSpellings[char] ?? char).join("");
  const slug = spelled
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    // "Children's" is one word.
    .replace(/['’ʼ`´]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cut(slug, PROJECT_SLUG_MAX) || FALLBACK_PROJECT_SLUG;
}

/** `base` with the suffix `-{n}` (n >= 2), cut so that the whole stays within 100 characters. */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  const head = base.slice(0, PROJECT_SLUG_MAX - suffix.length).replace(/-+$/, "");
  return `${head || FALLBACK_PROJECT_SLUG}${suffix}`;
}

/**
 * The first free address among `wanted`, `wanted-2`, `wanted-3`... `isTaken` says which of a
 * list of candidates are taken (by a project, a trashed one or a redirect); reserved addresses
 * are never chosen.
 */
export async function chooseProjectSlug(
  wanted: string,
  isTaken: (candidates: string[]) => Promise<ReadonlySet<string>>,
): Promise<string> {
  const batch = 20;
  for (let first = 1; ; first += batch) {
    const candidates = Array.from({ length: batch }, (_, index) =>
      first + index === 1 ? wanted : numberedSlug(wanted, first + index),
    ).filter((candidate) => !reservedProjectSlugs.has(candidate));
    const taken = await isTaken(candidates);
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
}

/**
 * @module
 * Building blocks of the write schemas: optional texts, safe URLs, keyword lists. Shared by the
 * server and the admin forms through the entity input schemas.
 */
import { z } from "zod";

/** Longest text field accepted anywhere (rich pages included), against accidental huge bodies. */
export const MAX_TEXT_LENGTH = 100_000;

/** A text the form may leave empty or absent; stored as given (empty string or null). */
export const optionalText = (label: string, max = MAX_TEXT_LENGTH) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish();

/** A required text: present and not only whitespace. */
export const requiredText = (label: string, max = MAX_TEXT_LENGTH) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const safeUrlPattern = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

/**
 * A link or image address: an http(s) URL or a site path starting with `/`. Empty means none.
 * `javascript:`, `data:` and protocol-relative URLs are rejected.
 */
export const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((value) => value === "" || safeUrlPattern.test(value), {
      error: `${label} must be an http(s) URL or a path starting with /`,
    })
    .nullish();

/** An e-mail address that may be left empty. */
export const optionalEmail = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(320, `${label} must be at most 320 characters`)
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: "Invalid email address",
    })
    .nullish();

/**
 * Keywords as a list, or as the comma-separated text the forms collect (spec section 5:
 * trimmed, empty entries dropped).
 */
export const keywordList = (label: string) =>
  z
    .union([z.array(z.string()), z.string()], { error: `${label} must be a list of keywords` })
    .transform((value) => (typeof value === "string" ? value.split(",") : value))
    .transform((list) => list.map((keyword) => keyword.trim()).filter((keyword) => keyword !== ""))
    .pipe(
      z.array(z.string().max(100, `${label}: each keyword must be at most 100 characters`)).max(50),
    );

/** A row id chosen by the writer: lower-case letters, digits and hyphens (e.g. "balkan-stories"). */
export const slugId = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, {
      error: `${label} may contain only lower-case letters, digits and hyphens`,
    });

/** The id sent with an update (PUT): any non-empty text. */
export const rowId = z
  .string({ error: "The id is required" })
  .trim()
  .min(1, "The id is required")
  .max(200, "The id is too long");

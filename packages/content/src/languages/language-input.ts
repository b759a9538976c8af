/** @module Write schemas of languages (site spec, section 3: id, flag_emoji, is_default). */
import { z } from "zod";
import { requiredText, rowId } from "../input/field-schemas";

const languageId = z
  .string({ error: "Language id is required" })
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, { error: 'Language id must be a code like "en"' });

export const languageCreateSchema = z.object({
  id: languageId,
  name: requiredText("Name", 100),
  flag_emoji: z.string({ error: "Flag must be text" }).max(16, "Flag is too long").optional(),
  is_default: z.boolean({ error: "is_default must be true or false" }).optional(),
});
export type LanguageCreateInput = z.input<typeof languageCreateSchema>;
export type LanguageCreate = z.output<typeof languageCreateSchema>;

export const languageUpdateSchema = z.object({
  id: rowId,
  name: requiredText("Name", 100).optional(),
  flag_emoji: z.string({ error: "Flag must be text" }).max(16, "Flag is too long").optional(),
  is_default: z.boolean({ error: "is_default must be true or false" }).optional(),
});
export type LanguageUpdateInput = z.input<typeof languageUpdateSchema>;
export type LanguageUpdate = z.output<typeof languageUpdateSchema>;

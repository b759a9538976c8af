/** @module Write schemas of project categories (site spec, section 3). */
import { z } from "zod";
import { optionalText, requiredText, rowId, slugId } from "../input/field-schemas";

/** A new category. Its `id` is what projects store in `category` ("culture"); "all" is reserved. */
export const categoryCreateSchema = z.object({
  id: slugId("Category id")
    .refine((id) => id !== "all", { error: 'The category id "all" is reserved' })
    .optional(),
  name: requiredText("Name", 100),
  name_de: optionalText("German name", 100),
  name_bs: optionalText("Bosnian name", 100),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;
export type CategoryCreate = z.output<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z.object({
  id: rowId,
  name: requiredText("Name", 100).optional(),
  name_de: optionalText("German name", 100),
  name_bs: optionalText("Bosnian name", 100),
});
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

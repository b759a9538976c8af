/** @module Write schemas of FAQ items (site spec, sections 2 and 3). */
import { z } from "zod";
import { optionalText, requiredText, rowId, slugId } from "../input/field-schemas";

const translations = {
  question_de: optionalText("German question", 500),
  answer_de: optionalText("German answer", 10_000),
  question_bs: optionalText("Bosnian question", 500),
  answer_bs: optionalText("Bosnian answer", 10_000),
};

/** A new FAQ item: the English question and answer are required, translations optional. */
export const faqCreateSchema = z.object({
  id: slugId("FAQ id").optional(),
  question: requiredText("Question", 500),
  answer: requiredText("Answer", 10_000),
  ...translations,
});
export type FaqCreateInput = z.input<typeof faqCreateSchema>;
export type FaqCreate = z.output<typeof faqCreateSchema>;

export const faqUpdateSchema = z.object({
  id: rowId,
  question: requiredText("Question", 500).optional(),
  answer: requiredText("Answer", 10_000).optional(),
  ...translations,
});
export type FaqUpdateInput = z.input<typeof faqUpdateSchema>;
export type FaqUpdate = z.output<typeof faqUpdateSchema>;

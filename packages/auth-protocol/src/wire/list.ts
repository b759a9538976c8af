/**
 * The list envelope every list endpoint answers with (contract §1.1): `pagination` is present if and
 * only if `is_paginated` is true.
 * @module
 */
import { z } from "zod";

export type ListEnvelope<T> =
  | { items: T[]; is_paginated: false }
  | { items: T[]; is_paginated: true; pagination: { next_cursor: string | null } };

/** Builds the envelope schema around an item schema, e.g. `listEnvelopeSchema(serverUserSchema)`. */
export function listEnvelopeSchema<T extends z.ZodType>(itemSchema: T) {
  const items = z.array(itemSchema);
  return z.discriminatedUnion("is_paginated", [
    z.strictObject({ items, is_paginated: z.literal(false) }),
    z.strictObject({
      items,
      is_paginated: z.literal(true),
      pagination: z.strictObject({ next_cursor: z.string().nullable() }),
    }),
  ]);
}

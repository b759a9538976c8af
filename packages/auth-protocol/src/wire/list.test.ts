import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listEnvelopeSchema } from "./list";

const schema = listEnvelopeSchema(z.object({ id: z.string() }));

describe("listEnvelopeSchema (§1.1)", () => {
  it("accepts an unpaginated list without pagination", () => {
    expect(schema.parse({ items: [{ id: "a" }], is_paginated: false })).toEqual({
      items: [{ id: "a" }],
      is_paginated: false,
    });
  });

  it("accepts a paginated list with a cursor or null", () => {
    for (const next_cursor of ["b", null]) {
      const list = { items: [], is_paginated: true, pagination: { next_cursor } };
      expect(schema.parse(list)).toEqual(list);
    }
  });

  it("has pagination if and only if is_paginated", () => {
    expect(schema.safeParse({ items: [], is_paginated: true }).success).toBe(false);
    expect(
      schema.safeParse({ items: [], is_paginated: false, pagination: { next_cursor: null } })
        .success,
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { projectUpdateSchema } from "../projects/project-input";
import { findUnknownSiteContentFields } from "../site-content/site-content-input";
import { findUnknownFields } from "./unknown-fields";

describe("findUnknownFields", () => {
  it("names the keys a schema would drop, through wrappers, pipes and lists", () => {
    const schema = z.object({
      title: z.string().optional(),
      values: z
        .array(z.object({ title: z.string() }))
        .nullish()
        .transform((value) => value ?? []),
      content: z.preprocess((value) => value, z.object({ text: z.string() })),
      anything: z.record(z.string(), z.unknown()),
    });
    expect(
      findUnknownFields(schema, {
        title: "T",
        titel: "typo",
        values: [{ title: "a" }, { title: "b", colour: "red" }],
        content: { text: "x", txt: "y" },
        anything: { free: 1 },
      }),
    ).toEqual(["titel", "values.1.colour", "content.txt"]);
  });

  it("names keys of Object.prototype's members as unknown, never reading the inherited ones (issue 28)", () => {
    const body = JSON.parse(
      '{"title":"T","__proto__":1,"constructor":1,"toString":{},"hasOwnProperty":"x","values":[{"title":"a","valueOf":1}]}',
    );
    const schema = z.object({
      title: z.string(),
      values: z.array(z.object({ title: z.string() })),
    });
    expect(findUnknownFields(schema, body)).toEqual([
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "values.0.valueOf",
    ]);
  });

  it("finds nothing in a body of known fields", () => {
    expect(
      findUnknownFields(projectUpdateSchema, { id: "p", title: "T", seo_title_de: "" }),
    ).toEqual([]);
  });

  it("checks site content against the section the id names", () => {
    expect(
      findUnknownSiteContentFields({
        id: "hero",
        content: { title: "T", titel: "typo" },
        content_de: JSON.stringify({ subtitle: "S", farbe: "rot" }),
        colour: "red",
      }),
    ).toEqual(["colour", "content.titel", "content_de.farbe"]);
  });
});

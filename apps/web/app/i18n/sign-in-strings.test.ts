import { describe, expect, it } from "vitest";
import { signInStrings } from "./sign-in-strings";

/** Every text of a catalogue by its path, functions called with sample values. */
function texts(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") return [[path, String(value(8, 70))]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    texts(inner, `${path}.${key}`),
  );
}

describe("the sign-in strings", () => {
  const english = new Map(texts(signInStrings.en));

  it.each(["de", "bs"] as const)(
    "are all translated into %s (no English text left)",
    (language) => {
      for (const [path, text] of texts(signInStrings[language])) {
        if (path.startsWith(".knownErrors")) continue;
        expect(text, path).not.toBe(english.get(path));
        expect(text.trim(), path).not.toBe("");
      }
      expect(
        texts(signInStrings[language]).filter(([path]) => !path.startsWith(".knownErrors")),
      ).toHaveLength(english.size);
    },
  );

  it("translate the platform's sign-in errors a visitor meets", () => {
    for (const language of ["de", "bs"] as const) {
      expect(signInStrings[language].knownErrors.EMAIL_PASSWORD_MISMATCH).toBeTruthy();
    }
  });
});

import { describe, expect, it } from "vitest";
import { splitTextLinks } from "./text-links";

describe("splitTextLinks", () => {
  it("makes each http(s) address a link and keeps the text around it", () => {
    expect(
      splitTextLinks(
        "Reset it here:\nhttp://localhost:3000/handler/password-reset?code=abc123\nThanks",
      ),
    ).toEqual([
      { text: "Reset it here:\n" },
      {
        text: "http://localhost:3000/handler/password-reset?code=abc123",
        href: "http://localhost:3000/handler/password-reset?code=abc123",
      },
      { text: "\nThanks" },
    ]);
  });

  it("leaves a sentence's closing punctuation out of the address", () => {
    expect(splitTextLinks("See https://example.org/a. Or (https://example.org/b).")).toEqual([
      { text: "See " },
      { text: "https://example.org/a", href: "https://example.org/a" },
      { text: ". Or (" },
      { text: "https://example.org/b", href: "https://example.org/b" },
      { text: ")." },
    ]);
  });

  it("never links other schemes", () => {
    expect(splitTextLinks("javascript:alert(1) mailto:a@example.org")).toEqual([
      { text: "javascript:alert(1) mailto:a@example.org" },
    ]);
  });

  it("gives text without an address back whole, and nothing for no text", () => {
    expect(splitTextLinks("No link here.")).toEqual([{ text: "No link here." }]);
    expect(splitTextLinks("")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../input/sanitize-html";
import { siteLanguages } from "../localise";
import { defaultPageCopy } from "./default-content";
import { findPlaceholderText } from "./placeholders";
import {
  linesWithoutPlaceholders,
  richTextWithoutPlaceholders,
  withoutPlaceholder,
} from "./without-placeholders";

const NOTE = "Further details will follow.";
const note = `<p><em>${NOTE}</em></p>`;
const clean = (html: string) => richTextWithoutPlaceholders(html, NOTE);

describe("copy as visitors see it: no placeholder (issue 33, item 3)", () => {
  it("leaves out an e-mail address or phone number that is a placeholder, and keeps real ones", () => {
    expect(withoutPlaceholder("info@example.org")).toBe("");
    expect(withoutPlaceholder("+387 00 000 000")).toBe("");
    expect(withoutPlaceholder("[Phone number]")).toBe("");
    expect(withoutPlaceholder("info@sevdah.ba")).toBe("info@sevdah.ba");
    expect(withoutPlaceholder("+387 33 123 456")).toBe("+387 33 123 456");
  });

  it("leaves out each address line that is a placeholder, and the whole address when all are", () => {
    expect(linesWithoutPlaceholders(defaultPageCopy.de.contact.address)).toBe("");
    expect(linesWithoutPlaceholders("Sevdah e.V.\nFerhadija 1\n71000 Sarajevo\n[Country]")).toBe(
      "Sevdah e.V.\nFerhadija 1\n71000 Sarajevo",
    );
    expect(linesWithoutPlaceholders("Sevdah e.V.\nFerhadija 1")).toBe("Sevdah e.V.\nFerhadija 1");
  });

  for (const language of siteLanguages) {
    it(`shows the default impressum and privacy text without a placeholder, a neutral line where details went (${language})`, () => {
      const impressum = clean(sanitizeRichText(defaultPageCopy[language].impressum.content));
      const privacy = clean(sanitizeRichText(defaultPageCopy[language].datenschutz.content));
      for (const html of [impressum, privacy]) {
        expect(findPlaceholderText(html)).toBeNull();
        expect(html).not.toContain("example.org");
        expect(html).not.toContain("[");
      }
      // The legal notice: its introduction, the note where the organisation's details were, the
      // responsible person's section with the note, and the liability for links; the register
      // and contact sections, left with nothing, go with their headings.
      expect(impressum.match(/<h[23]>/g)).toHaveLength(3);
      expect(impressum.split(note)).toHaveLength(3);
      expect(impressum).toMatch(/^<h2>[^<]+<\/h2><p>[^<]+<\/p><p><em>/);
      // The privacy text keeps its two paragraphs; its contact list and heading go, no note.
      expect(privacy).not.toContain(NOTE);
      expect(privacy).not.toContain("<h3>");
      expect(privacy.match(/<p>/g)).toHaveLength(2);
    });
  }

  it("leaves out a line of a paragraph, a list item or a table row, and keeps the rest as it was", () => {
    expect(clean("<p>Sevdah e.V.<br />[Street and number]<br />71000 Sarajevo</p>")).toBe(
      "<p>Sevdah e.V.<br />71000 Sarajevo</p>",
    );
    expect(
      clean(
        '<ul><li>Register: Sarajevo</li><li>Number: [Register number]</li><li class="x">Tax: 42</li></ul>',
      ),
    ).toBe('<ul><li>Register: Sarajevo</li><li class="x">Tax: 42</li></ul>');
    expect(
      clean(
        "<table><tbody><tr><td>Register</td><td>[Register number]</td></tr><tr><td>Tax</td><td>42</td></tr></tbody></table>",
      ),
    ).toBe("<table><tbody><tr><td>Tax</td><td>42</td></tr></tbody></table>");
  });

  it("leaves out a link to a placeholder address, whatever its text", () => {
    expect(
      clean('<p>Write to <a href="mailto:info@example.org">us</a>.</p><p>We read everything.</p>'),
    ).toBe(`${note}<p>We read everything.</p>`);
  });

  it("says once that details follow where consecutive paragraphs went, and drops emptied sections", () => {
    expect(clean("<h2>Who we are</h2><p>[Name]</p>\n<p>[Street]</p><p>Since 2020.</p>")).toBe(
      `<h2>Who we are</h2>${note}<p>Since 2020.</p>`,
    );
    expect(clean("<h2>A</h2><p>a</p><h2>Register</h2><h3>Court</h3><p>[Court]</p><h2>C</h2>")).toBe(
      "<h2>A</h2><p>a</p><h2>C</h2>",
    );
    // A section empty in the editor's own text is the editor's: it stays.
    expect(clean("<h2>Empty</h2><h2>B</h2><p>[Name]</p><p>b</p>")).toBe(
      `<h2>Empty</h2><h2>B</h2>${note}<p>b</p>`,
    );
    // Everything was a placeholder: the neutral line is what remains.
    expect(clean("<p>[Name of the organisation]</p><p>[Street and number]</p>")).toBe(note);
    expect(clean("[Name of the organisation]")).toBe(note);
  });

  it("gives back HTML without placeholders byte for byte", () => {
    const html =
      '<h2>Impressum</h2><p>Sevdah e.V. &amp; friends<br />Ferhadija 1</p><p><a href="mailto:info@sevdah.ba">info@sevdah.ba</a> <img src="https://sevdah.ba/a.png" alt="a" /></p><ul><li>a[i]</li></ul>';
    expect(clean(html)).toBe(html);
    expect(clean("")).toBe("");
  });

  it("escapes the neutral line", () => {
    expect(richTextWithoutPlaceholders("<p>[Name]</p>", "<b>&</b>")).toBe(
      "<p><em>&lt;b&gt;&amp;&lt;/b&gt;</em></p>",
    );
  });
});

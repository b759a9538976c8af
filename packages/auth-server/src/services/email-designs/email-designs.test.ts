/**
 * The template renderer: placeholders (escaped in HTML, raw in the subject), strict and preview
 * handling of unknown variables, required elements, themes, and the derived text part.
 */
import { describe, expect, it } from "vitest";
import {
  builtInTemplateIds,
  builtInTemplates,
  EmailRenderingError,
  htmlToText,
  renderDesign,
} from "./email-designs";

const template = (body: string, subject = "Hi {{ name }}") =>
  `<Subject value="${subject}" />\n<NotificationCategory value="Marketing" />\n${body}`;

describe("renderDesign", () => {
  it("fills variables: escaped in the body and theme, raw in the subject", () => {
    const rendered = renderDesign(
      template("<p>{{ name }}</p>"),
      "<main>{{ title }}{{ content }}</main>",
      {
        name: "<Ann & Bob>",
        title: '"T"',
      },
    );
    expect(rendered).toEqual({
      subject: "Hi <Ann & Bob>",
      notificationCategory: "Marketing",
      html: "<main>&quot;T&quot;<p>&lt;Ann &amp; Bob&gt;</p></main>",
      text: '"T"<Ann & Bob>\n',
    });
  });

  it("fails on unknown variables when sending and shows them in previews", () => {
    expect(() => renderDesign(template("<p>{{ missing }}</p>"), null, { name: "x" })).toThrow(
      new EmailRenderingError('Variable "missing" is not defined'),
    );
    expect(
      renderDesign(template("<p>{{ missing }}</p>"), null, { name: "x" }, "preview").html,
    ).toBe("<p>{{ missing }}</p>");
    expect(() => renderDesign(template("{{ a.b }}"), null, {}, "preview")).toThrow(
      /Invalid placeholder/,
    );
  });

  it("requires exactly one Subject and NotificationCategory, and one {{ content }} in a theme", () => {
    expect(() => renderDesign("<p>x</p>", null, {})).toThrow(/Subject is missing/);
    expect(() => renderDesign('<Subject value="a" /><Subject value="b" />', null, {})).toThrow(
      /more than once/,
    );
    expect(() => renderDesign('<Subject value="a" /><p>x</p>', null, {})).toThrow(
      /NotificationCategory is missing/,
    );
    expect(() => renderDesign(template("x", "s"), "<div></div>", {})).toThrow(/exactly once/);
  });

  it("renders every built-in template with the flow's variables, links in the text part", () => {
    const magic = builtInTemplates[builtInTemplateIds.magic_link];
    const rendered = renderDesign(magic?.tsxSource ?? "", null, {
      projectDisplayName: "Acme",
      magicLink: "https://acme.example/handler/magic-link-callback?code=abc",
      otp: "ABC123",
    });
    expect(rendered.subject).toBe("Sign in to Acme: Your code is ABC123");
    expect(rendered.notificationCategory).toBe("Transactional");
    expect(rendered.text).toContain("https://acme.example/handler/magic-link-callback?code=abc");
  });
});

describe("htmlToText", () => {
  it("writes links out, drops tags and styles, decodes entities", () => {
    expect(
      htmlToText(
        '<style>p{}</style><h1>Title</h1><p>Go <a href="https://x.example/?a=1&amp;b=2">here</a>&nbsp;now</p>',
      ),
    ).toBe("Title\n\nGo here (https://x.example/?a=1&b=2) now\n");
  });
});

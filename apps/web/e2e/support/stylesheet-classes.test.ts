import { describe, expect, it } from "vitest";
import { classesStyledBy, classesUsedBy, inlineStylesheet } from "./stylesheet-classes";

describe("stylesheet classes", () => {
  it("reads the classes of selectors, escaped as Tailwind writes them, and not of values", () => {
    const css =
      "@layer utilities{.mt-4{margin-top:calc(var(--spacing)*4)}.hover\\:underline:hover{text-decoration:underline}" +
      ".bg-\\(--color-cream\\)\\/95{color:red}.w-\\[1\\.125em\\]{width:1.125em}@media (width>=40rem){.sm\\:px-6{padding:.25rem}}}" +
      ".\\31 0{x:y}.group:focus-within .group-focus-within\\:block{display:block}";
    expect([...classesStyledBy(css)].sort()).toEqual(
      [
        "10",
        "bg-(--color-cream)/95",
        "group",
        "group-focus-within:block",
        "hover:underline",
        "mt-4",
        "sm:px-6",
        "w-[1.125em]",
      ].sort(),
    );
  });

  it("reads the classes elements carry, entities decoded, and the page's inline stylesheet", () => {
    const html =
      '<html><head><style>.a{b:c}</style></head><body><p class="mt-4  text-(--x)">x</p>' +
      '<template><div class="[content:&quot;&quot;] mt-4"></div></template></body></html>';
    expect([...classesUsedBy(html)].sort()).toEqual(['[content:""]', "mt-4", "text-(--x)"]);
    expect(inlineStylesheet(html)).toBe(".a{b:c}");
    expect(() => inlineStylesheet("<p>no style</p>")).toThrow("no inline stylesheet");
  });
});

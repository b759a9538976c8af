import { describe, expect, it } from "vitest";
import { buildPageMeta, type SeoContext } from "./seo";

const context: SeoContext = {
  origin: "https://example.org",
  pathname: "/de/about",
  language: "de",
  site: {
    siteName: "Balkan Heritage",
    defaultTitle: "",
    defaultDescription: "",
    defaultKeywords: [],
    defaultImage: "",
    organizationName: "",
    organizationDescription: "",
    organizationLogo: "",
    organizationUrl: "",
    contactEmail: "",
    contactPhone: "",
    social: [],
  },
};

const links = (meta: ReturnType<typeof buildPageMeta>) =>
  meta.filter((entry) => "tagName" in entry && entry.tagName === "link");

describe("buildPageMeta", () => {
  it("gives a page its canonical URL and its alternates in every language", () => {
    const meta = buildPageMeta(context, { title: "Über uns", description: "D" });
    expect(links(meta)).toEqual([
      { tagName: "link", rel: "canonical", href: "https://example.org/de/about" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://example.org/about" },
      { tagName: "link", rel: "alternate", hrefLang: "de", href: "https://example.org/de/about" },
      { tagName: "link", rel: "alternate", hrefLang: "bs", href: "https://example.org/bs/about" },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://example.org/about",
      },
    ]);
  });

  it("gives a 404 no canonical, no alternates and no og:url (issue 19, defect 7)", () => {
    const meta = buildPageMeta(
      { ...context, pathname: "/de/no-such-page" },
      { title: "Seite nicht gefunden", description: "D", noindex: true, notFound: true },
    );
    expect(links(meta)).toEqual([]);
    expect(meta).not.toContainEqual(expect.objectContaining({ property: "og:url" }));
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});

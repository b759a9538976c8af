import { describe, expect, it } from "vitest";
import { buildPageMeta, organizationJsonLd, type SeoContext } from "./seo";

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
  it("shares a raster image with its size: an upload's share JPEG, else the built-in image (issue 19, defect 5)", () => {
    const id = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b";
    const tags = (meta: ReturnType<typeof buildPageMeta>) =>
      meta.filter(
        (entry) =>
          ("property" in entry && String(entry.property).startsWith("og:image")) ||
          ("name" in entry && entry.name === "twitter:image"),
      );
    expect(
      tags(
        buildPageMeta(
          { ...context, site: { ...context.site, defaultImage: "/images/about/heritage.svg" } },
          {
            title: "T",
            description: "D",
            images: ["/images/projects/a.svg", `/media/${id}/original.png`],
          },
        ),
      ),
    ).toEqual([
      { property: "og:image", content: `https://example.org/share-image/media/${id}.jpg` },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:image", content: `https://example.org/share-image/media/${id}.jpg` },
    ]);
    expect(
      tags(buildPageMeta(context, { title: "T", description: "D", images: ["/x.svg"] })),
    ).toEqual([
      { property: "og:image", content: "https://example.org/og-image.png" },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:image", content: "https://example.org/og-image.png" },
    ]);
  });

  it("names no contact detail the site does not have: no empty e-mail, phone or contact point (issue 33, item 3)", () => {
    const none = organizationJsonLd("https://sevdah.ba", context.site);
    for (const key of ["email", "telephone", "contactPoint", "sameAs"]) {
      expect(none).not.toHaveProperty(key);
    }
    const phoneOnly = organizationJsonLd("https://sevdah.ba", {
      ...context.site,
      contactPhone: "+387 33 123 456",
      social: [{ network: "Instagram", url: "https://www.instagram.com/sevdah" }],
    });
    expect(phoneOnly).toMatchObject({
      telephone: "+387 33 123 456",
      contactPoint: { "@type": "ContactPoint", telephone: "+387 33 123 456" },
      sameAs: ["https://www.instagram.com/sevdah"],
    });
    expect(phoneOnly).not.toHaveProperty("email");
    expect(phoneOnly.contactPoint).not.toHaveProperty("email");
  });
});

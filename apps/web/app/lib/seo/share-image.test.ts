import { describe, expect, it } from "vitest";
import { chooseShareImage, shareImageNote, shareImageOf } from "./share-image";

const id = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b";

describe("the share image a page carries (issue 19, defect 5)", () => {
  it("shares an upload as its 1200 x 630 JPEG, from /media/ or a bucket's public URL", () => {
    const generated = {
      url: `/share-image/media/${id}.jpg`,
      width: 1200,
      height: 630,
      type: "image/jpeg",
    };
    expect(shareImageOf(`/media/${id}/original.png`)).toEqual(generated);
    expect(shareImageOf(`/media/${id}/w800.webp`)).toEqual(generated);
    expect(shareImageOf(`https://cdn.example.org/site/${id}/original.jpg`)).toEqual(generated);
  });

  it("uses an outside raster image as it is, and skips SVGs, built-in illustrations and non-images", () => {
    expect(shareImageOf("https://cdn.example.org/share.jpg")).toEqual({
      url: "https://cdn.example.org/share.jpg",
    });
    for (const skipped of [
      "/images/about/heritage.svg",
      "/images/projects/balkan-stories.svg",
      "https://cdn.example.org/logo.svg",
      "https://cdn.example.org/page",
      "javascript:alert(1)",
      "//evil.example/x.png",
      "share.png",
      "",
      null,
    ]) {
      expect([skipped, shareImageOf(skipped)]).toEqual([skipped, null]);
    }
  });

  it("takes the first candidate that can be shared, else the built-in /og-image.png", () => {
    expect(
      chooseShareImage(null, "/images/about/heritage.svg", `/media/${id}/original.png`),
    ).toEqual(expect.objectContaining({ url: `/share-image/media/${id}.jpg` }));
    expect(chooseShareImage("/images/about/heritage.svg", "")).toEqual({
      url: "/og-image.png",
      width: 1200,
      height: 630,
      type: "image/png",
    });
  });

  it("tells the admin why an address will not be used", () => {
    expect(shareImageNote("/images/about/heritage.svg")).toMatch(/^SVG images are not shown/);
    expect(shareImageNote("https://cdn.example.org/page")).toMatch(/not a PNG, JPEG, WebP or GIF/);
    expect(shareImageNote("https://cdn.example.org/share.jpg")).toBeNull();
    expect(shareImageNote("")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { canonicalPublicPath } from "./canonical-path";

describe("canonicalPublicPath", () => {
  it.each([
    ["/DE/about", "/de/about"],
    ["/De/About", "/de/about"],
    ["/BS", "/bs"],
    ["/en/about", "/about"],
    ["/EN/project/balkan-stories", "/project/balkan-stories"],
    ["/en", "/"],
    ["/en/", "/"],
    ["/de/", "/de"],
    ["/bs/contact/", "/bs/contact"],
    ["/about/", "/about"],
    ["/About", "/about"],
    ["/PROJECT/Stari-Most", "/project/Stari-Most"],
    ["//example.org/", "/example.org"],
    ["/de//about", "/de/about"],
  ])("%s -> %s", (path, canonical) => {
    expect(canonicalPublicPath(path)).toBe(canonical);
  });

  it.each(["/", "/de", "/bs/about", "/project/balkan-stories", "/de/no-such-page"])(
    "%s is already canonical",
    (path) => {
      expect(canonicalPublicPath(path)).toBeNull();
    },
  );
});

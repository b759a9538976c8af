import { describe, expect, it } from "vitest";
import {
  createNavigationLog,
  describeSlowNavigation,
  isSlowNavigation,
  SLOW_NAVIGATION_MS,
} from "./navigation-timing";

describe("the slow-navigation warning (site spec, section 9)", () => {
  it("warns only above 100 ms", () => {
    expect(SLOW_NAVIGATION_MS).toBe(100);
    expect(isSlowNavigation({ path: "/admin", durationMs: 99.9 })).toBe(false);
    expect(isSlowNavigation({ path: "/admin", durationMs: 100 })).toBe(false);
    expect(isSlowNavigation({ path: "/admin", durationMs: 100.1 })).toBe(true);
  });

  it("names the path and the rounded time", () => {
    expect(describeSlowNavigation({ path: "/admin/seo", durationMs: 240.6 })).toBe(
      "Slow navigation: /admin/seo took 241 ms (over 100 ms)",
    );
  });

  it("lists the slow navigations most recent first and keeps only the latest ones", () => {
    const log = createNavigationLog(3);
    log.record({ path: "/admin/faq", durationMs: 300 });
    log.record({ path: "/admin", durationMs: 20 });
    log.record({ path: "/admin/seo", durationMs: 150 });
    expect(log.slowNavigations().map((timing) => timing.path)).toEqual([
      "/admin/seo",
      "/admin/faq",
    ]);
    log.record({ path: "/admin/users", durationMs: 5 });
    log.record({ path: "/admin/projects", durationMs: 101 });
    // /admin/faq was the oldest of four and is no longer kept.
    expect(log.slowNavigations().map((timing) => timing.path)).toEqual([
      "/admin/projects",
      "/admin/seo",
    ]);
  });
});

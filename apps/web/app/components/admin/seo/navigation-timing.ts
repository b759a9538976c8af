/**
 * @module
 * The slow-navigation warning of the Performance tab (site spec, section 9: "slow-navigation
 * warning above 100 ms"). The admin layout times every in-app navigation, from the moment the
 * router starts it (route code or data to load) until the new page has rendered; navigations
 * that need nothing loaded render at once and are not recorded. Page loads are covered by the
 * Core Web Vitals (TTFB, FCP, LCP) instead.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";

/** Spec section 9: a navigation taking longer than this is warned about. */
export const SLOW_NAVIGATION_MS = 100;
/** How many recent navigations are kept (a long admin session must not grow the page's memory). */
export const KEPT_NAVIGATIONS = 20;

export interface NavigationTiming {
  /** Path (with search) that was navigated to. */
  path: string;
  durationMs: number;
}

export function isSlowNavigation(timing: NavigationTiming): boolean {
  return timing.durationMs > SLOW_NAVIGATION_MS;
}

export function describeSlowNavigation(
  timing: NavigationTiming,
  t: AdminTranslator["t"] = adminEnglish.t,
): string {
  return t("perf.slowNavigation", {
    path: timing.path,
    // Figures as written before, without grouping ("1129 ms").
    ms: String(Math.round(timing.durationMs)),
    limit: String(SLOW_NAVIGATION_MS),
  });
}

/** The navigations of this page (a module value, like the Web Vitals: one page, one record). */
export function createNavigationLog(limit = KEPT_NAVIGATIONS) {
  const timings: NavigationTiming[] = [];
  return {
    record(timing: NavigationTiming) {
      timings.push(timing);
      if (timings.length > limit) timings.splice(0, timings.length - limit);
    },
    /** The slow ones, most recent first. */
    slowNavigations(): NavigationTiming[] {
      return timings.filter(isSlowNavigation).reverse();
    },
  };
}

export const navigationLog = createNavigationLog();

/**
 * Times the router's navigations into `navigationLog`. Used once, in the admin layout, so that
 * the navigation into /admin/seo itself is timed too.
 */
export function useNavigationTimings(): void {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = useRef<{ path: string; startedAt: number } | null>(null);

  // Page navigations only: a form submission's time is the server's work, not a navigation.
  const targetPath =
    navigation.location && navigation.state === "loading" && !navigation.formMethod
      ? `${navigation.location.pathname}${navigation.location.search}`
      : null;

  useEffect(() => {
    if (targetPath !== null && pending.current?.path !== targetPath) {
      pending.current = { path: targetPath, startedAt: performance.now() };
    }
  }, [targetPath]);

  useEffect(() => {
    const started = pending.current;
    if (navigation.state !== "idle" || started === null) return;
    pending.current = null;
    // Only a navigation that arrived counts (a cancelled or redirected one has no page to time).
    if (`${location.pathname}${location.search}` !== started.path) return;
    navigationLog.record({ path: started.path, durationMs: performance.now() - started.startedAt });
  }, [navigation.state, location.pathname, location.search]);
}

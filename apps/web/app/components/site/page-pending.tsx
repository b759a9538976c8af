/**
 * @module
 * What a page shows while its data loads on a client-side navigation (the first view is
 * rendered on the server with its data, so it never shows these): the home hero's skeleton and
 * spinner, "Loading project...", or "Loading content..." (site spec, sections 2 and 4).
 * Shown only after a short delay, so fast navigations do not flash.
 */
import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useStrings } from "../../lib/i18n";
import { stripLanguagePrefix } from "../../lib/language";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";

export const PENDING_VIEW_DELAY_MS = 250;

/** The path being loaded by a navigation to another page, once it has taken a moment. */
export function usePendingPath(delayMs = PENDING_VIEW_DELAY_MS): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  const target =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown(target), delayMs);
    return () => clearTimeout(timer);
  }, [target, delayMs]);
  return target === null ? null : shown;
}

export function HeroSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center">
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

export function PagePending({ path }: { path: string }) {
  const strings = useStrings();
  const page = stripLanguagePrefix(path);
  if (page === "/") {
    return (
      <div data-testid="page-pending">
        <HeroSkeleton />
        <Spinner label={strings.loading.page} className="justify-center pb-16" />
      </div>
    );
  }
  const label = page.startsWith("/project/") ? strings.loading.project : strings.loading.content;
  return (
    <div data-testid="page-pending" className="mx-auto max-w-3xl px-4 py-24">
      <Spinner label={label} className="justify-center" />
    </div>
  );
}

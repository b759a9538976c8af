/**
 * @module
 * The contact page's toasts (sonner), loaded once the page has hydrated: they only ever show
 * after a submission with JavaScript, so their code (about 10 KiB gzip) stays off the page's
 * first load. A toast made before its `Toaster` subscribes is still shown (sonner replays
 * active toasts to a new subscriber).
 */
import { lazy, Suspense, useSyncExternalStore } from "react";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

const subscribeNever = () => () => {};
/** False while rendering on the server and hydrating, true once React runs in the browser. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Where the toasts appear; renders nothing on the server (without JavaScript there are none). */
export function ContactNotices() {
  const isHydrated = useIsHydrated();
  if (!isHydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

/** Shows a toast, loading sonner first if it has not arrived yet. */
export function showContactNotice(
  tone: "success" | "error",
  title: string,
  description: string,
): void {
  void import("sonner").then(({ toast }) => {
    toast[tone](title, { description });
  });
}

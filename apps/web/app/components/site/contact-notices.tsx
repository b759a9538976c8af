/**
 * @module
 * The contact page's toasts (sonner), loaded only once a visitor starts on the form: they only
 * ever show after a submission with JavaScript, and sonner costs about 10 KiB gzip plus a
 * stylesheet it inserts into the document when it loads (a restyle of the whole page). Loaded
 * with the page, that came as a long main-thread task right after hydration. A toast made
 * before its `Toaster` subscribes is still shown (sonner replays active toasts to a new
 * subscriber).
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

/** Whether the toasts have been asked for in this page's life (never reset: they stay mounted). */
let noticesWanted = false;
const noticesListeners = new Set<() => void>();

function subscribeToNoticesWanted(listener: () => void): () => void {
  noticesListeners.add(listener);
  return () => noticesListeners.delete(listener);
}

/**
 * Starts loading the toasts; the form calls it when the visitor first focuses one of its fields,
 * so the notice after sending appears without a wait.
 */
export function prepareContactNotices(): void {
  if (noticesWanted) return;
  noticesWanted = true;
  for (const listener of noticesListeners) listener();
}

/** Where the toasts appear; renders nothing until they are wanted (and never on the server). */
export function ContactNotices() {
  const wanted = useSyncExternalStore(
    subscribeToNoticesWanted,
    () => noticesWanted,
    () => false,
  );
  if (!wanted) return null;
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
  prepareContactNotices();
  void import("sonner").then(({ toast }) => {
    toast[tone](title, { description });
  });
}

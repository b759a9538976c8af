/**
 * @module
 * What the main area shows while the next public page loads after a click (site spec: the home
 * hero's skeleton and "Loading...", "Loading content...", "Loading project..."). Public pages
 * load no framework (decision 023): the server renders the three views once per page inside
 * `<template>`s, which cost no layout or paint, and the page's script
 * (site-enhancements.browser.ts) puts the one for the link's page in place of the main content
 * while the browser loads that document. The first view never shows them: it arrives with its
 * data. Without JavaScript the templates stay inert.
 */
import { useStrings } from "../../lib/i18n";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";

export function HeroSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center">
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

// Sticky below the fixed navigation: the main area keeps its height while the view is shown (so
// the scroll position does not move), and the view stays on screen inside it.
const pendingClasses = "sticky top-16";

export function PendingViewTemplates() {
  const strings = useStrings();
  return (
    <>
      <template data-pending-view="home">
        <div data-testid="page-pending" className={pendingClasses}>
          <HeroSkeleton />
          <Spinner label={strings.loading.page} className="justify-center pb-16" />
        </div>
      </template>
      <SpinnerView view="content" label={strings.loading.content} />
      <SpinnerView view="project" label={strings.loading.project} />
    </>
  );
}

/** The pending view of a page that shows a spinner with its own loading text. */
function SpinnerView({ view, label }: { view: string; label: string }) {
  return (
    <template data-pending-view={view}>
      <div data-testid="page-pending" className={`${pendingClasses} mx-auto max-w-3xl px-4 py-24`}>
        <Spinner label={label} className="justify-center" />
      </div>
    </template>
  );
}

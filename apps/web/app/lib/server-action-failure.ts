/**
 * @module
 * Forms that post to a route's action from the browser (a `<Form>` or a fetcher) call the server
 * through React Router's `serverAction()`. When no answer of the app's comes back (the network is
 * down, a proxy answers 502/503/504 or 429), React Router throws, and the error boundary replaces
 * the page: everything the person typed is gone (issue 19). A route's `clientAction` passes its
 * `serverAction` through {@link keepFormOnFailure}, which turns such a failure into the route's own
 * "failed" answer: the page, the form and its text stay, and a notice says what happened.
 */
import { data, isRouteErrorResponse } from "react-router";

/**
 * What went wrong on the way to the server: too many requests (a proxy's or our own 429) or no
 * usable answer at all.
 */
export type ServerActionFailure = { kind: "rate-limited" } | { kind: "unavailable" };

/** The HTTP status a failure is reported with: 4xx/5xx, so the page's loaders are not re-run. */
const statusOf = (failure: ServerActionFailure) => (failure.kind === "rate-limited" ? 429 : 503);

/** Reads a thrown value from `serverAction()`; a redirect (a Response) is not a failure. */
export function describeServerActionFailure(error: unknown): ServerActionFailure | null {
  if (error instanceof Response) return null;
  if (isRouteErrorResponse(error) && error.status === 429) return { kind: "rate-limited" };
  return { kind: "unavailable" };
}

/**
 * Runs `serverAction`; on a failure answers `answerFailure(failure)` with a 4xx/5xx status
 * instead of throwing. React Router skips revalidating loaders after an action status of 400 or
 * more, which matters here: with the network down, a revalidation would fail too and show the
 * error boundary after all.
 */
export async function keepFormOnFailure<Answer, FailureAnswer>(
  serverAction: () => Promise<Answer>,
  answerFailure: (failure: ServerActionFailure) => FailureAnswer,
) {
  try {
    return await serverAction();
  } catch (error) {
    const failure = describeServerActionFailure(error);
    if (!failure) throw error;
    return data(answerFailure(failure), { status: statusOf(failure) });
  }
}

/** The admin area's words for a failure (the admin is in English, like its other notices). */
export function adminFailureMessage(failure: ServerActionFailure): string {
  return failure.kind === "rate-limited"
    ? "Too many requests. Please wait a minute, then try again; your input is kept."
    : "The server could not be reached. Please try again; your input is kept.";
}

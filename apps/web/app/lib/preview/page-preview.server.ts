/**
 * @module
 * Whether a public page request is a signed-in admin's preview of a draft (issue 34, item 1;
 * decision 036), and the draft it lays over the live content. A request without the `preview`
 * parameter is answered at once with no query, so visitors' pages read no draft and cost the
 * same as before; a preview without an admin session is sent to sign in. Read once per request
 * (the layout's loader and the page's loader both ask).
 */
import { type DraftOverlay, loadDraftOverlay } from "@heritage/content";
import { type AppLoadContext, redirect } from "react-router";
import { getSiteSession } from "../site-session.server";
import { PREVIEW_PARAM, parsePreviewParam } from "./page-preview";

export interface PagePreview {
  /** The draft over the live content; null when the parameter names no draft (any more). */
  overlay: DraftOverlay | null;
}

/** Never stored: not by the server's page cache, a CDN or the browser's back-forward cache. */
export const PREVIEW_CACHE_CONTROL = "private, no-store";

const noPreview: Promise<PagePreview | null> = Promise.resolve(null);
const previews = new WeakMap<Request, Promise<PagePreview | null>>();

export function isPreviewRequest(request: Request): boolean {
  return new URL(request.url).searchParams.has(PREVIEW_PARAM);
}

export function readPagePreview(
  request: Request,
  context: AppLoadContext,
): Promise<PagePreview | null> {
  if (!isPreviewRequest(request)) return noPreview;
  let preview = previews.get(request);
  if (!preview) {
    preview = loadPreview(request, context);
    previews.set(request, preview);
  }
  return preview;
}

async function loadPreview(request: Request, context: AppLoadContext): Promise<PagePreview> {
  const url = new URL(request.url);
  const session = await getSiteSession(request, context);
  if (session.status !== "signed-in") {
    // Signing in brings the admin back here (login's `after_auth_return_to`).
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/login?after_auth_return_to=${encodeURIComponent(back)}`, {
      headers: { "Cache-Control": PREVIEW_CACHE_CONTROL },
    });
  }
  const target = parsePreviewParam(url.searchParams.get(PREVIEW_PARAM));
  return { overlay: target ? await loadDraftOverlay(context.db, target.table, target.id) : null };
}

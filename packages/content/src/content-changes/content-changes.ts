/**
 * @module
 * Repositories never know about caches. After each successful write the content API calls the
 * `onContentChanged` callback it was given; the server wires that to cache invalidation and to
 * PostgreSQL NOTIFY on this channel, so other processes hear of the change too.
 */

/** The PostgreSQL LISTEN/NOTIFY channel announcing that content was written. */
export const CONTENT_CHANGED_CHANNEL = "content_changed";

/** What a write announces: which table changed, and the row id when there is one. */
export type ContentChange = {
  table: string;
  id?: string;
  operation: "insert" | "update" | "delete";
};

/** Called after every successful content write. Must not throw; it may run asynchronously. */
export type ContentChangedCallback = (change: ContentChange) => void;

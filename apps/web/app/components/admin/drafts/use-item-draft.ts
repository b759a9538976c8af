/**
 * @module
 * An item's draft in its editor (issue 34, item 1; decision 036): loaded when the editor opens,
 * saved without publishing (based on the version the form is based on, so a colleague's save in
 * between is a 412 the editor sees as for a save), published (the item's save) or discarded.
 * Each action runs one at a time and tells the editor how it went.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { ContentClient } from "../../../lib/content-api/content-client";
import { errorMessage } from "../../../lib/content-api/content-client";
import type { Draft, DraftTable } from "../../../lib/content-api/draft-client";
import { noticeError, noticeSuccess } from "../common/notices";
import { useAdminI18n } from "../shell/admin-language";

export function useItemDraft(
  client: ContentClient,
  table: DraftTable,
  id: string | null,
  open: boolean,
) {
  const { t } = useAdminI18n();
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The draft of the item as it was opened has been read (or there is no item). */
  const [isLoaded, setIsLoaded] = useState(id === null);
  const [busy, setBusy] = useState<"save" | "publish" | "discard" | null>(null);
  const busyRef = useRef(false);

  useEffect(() => {
    if (!open || id === null) {
      setDraft(null);
      setIsLoaded(true);
      return;
    }
    let current = true;
    setIsLoaded(false);
    client.drafts
      .find(table, id)
      .then((found) => current && setDraft(found))
      .catch(() => current && setDraft(null))
      .finally(() => current && setIsLoaded(true));
    return () => {
      current = false;
    };
  }, [client, table, id, open]);

  const run = useCallback(
    async <T>(
      kind: "save" | "publish" | "discard",
      action: () => Promise<T>,
      notices: { done: string; failed: string },
      onError?: (error: unknown) => void,
    ): Promise<T | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      setBusy(kind);
      try {
        const result = await action();
        noticeSuccess(notices.done);
        return result;
      } catch (error) {
        onError?.(error);
        noticeError(notices.failed, errorMessage(error));
        return null;
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [],
  );

  return {
    draft,
    isLoaded,
    busy,
    /** Saves the form's fields as the draft; `version`: the one the form is based on. */
    save: async (
      data: Record<string, unknown>,
      version: number | undefined,
      onError?: (error: unknown) => void,
    ) => {
      if (id === null) return null;
      const saved = await run(
        "save",
        () => client.drafts.save(table, id, data, version),
        { done: t("draft.saved"), failed: t("draft.saveFailed") },
        onError,
      );
      if (saved) setDraft(saved);
      return saved;
    },
    /** Publishes the draft; the live row as the table's save answers it. */
    publish: async <S extends z.ZodType>(rowSchema: S, onError?: (error: unknown) => void) => {
      if (id === null) return null;
      const row = await run(
        "publish",
        () => client.drafts.publish(table, id, rowSchema),
        { done: t("draft.published"), failed: t("draft.publishFailed") },
        onError,
      );
      if (row) setDraft(null);
      return row as z.output<S> | null;
    },
    discard: async () => {
      if (id === null) return false;
      const removed = await run("discard", () => client.drafts.discard(table, id), {
        done: t("draft.discarded"),
        failed: t("draft.discardFailed"),
      });
      if (removed) setDraft(null);
      return removed !== null;
    },
  };
}

export type ItemDraft = ReturnType<typeof useItemDraft>;

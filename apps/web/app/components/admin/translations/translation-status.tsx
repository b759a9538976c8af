/**
 * @module
 * Translation status in the admin's editors (issue 34, item 2): a badge saying Missing, Outdated
 * or Up to date (in words, with an icon; the colour only repeats it), a sentence on what it
 * means, and "Mark as checked" beside an outdated one. `useItemTranslations` loads an item's
 * statuses and marks one as checked.
 */
import { CheckCircle2, CircleAlert, CircleDashed } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ContentClient, errorMessage } from "../../../lib/content-api/content-client";
import type {
  TranslatableTable,
  TranslationEntry,
  TranslationLanguage,
  TranslationState,
} from "../../../lib/content-api/translation-client";
import { classNames } from "../../ui/class-names";
import { adminButton } from "../common/admin-styles";
import { languageName } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { useAdminI18n } from "../shell/admin-language";
import { translationStateLabel, translationStateText } from "./translation-labels";

const stateStyles: Record<TranslationState, string> = {
  missing: "border-red-300 bg-red-50 text-red-800",
  outdated: "border-amber-400 bg-amber-50 text-amber-900",
  up_to_date: "border-green-300 bg-green-50 text-green-800",
};
/** "German translation:", "Prijevod (njemački):": a sentence starts with a capital. */
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const stateIcons = { missing: CircleDashed, outdated: CircleAlert, up_to_date: CheckCircle2 };

export function TranslationStatusBadge({ status }: { status: TranslationState }) {
  const Icon = stateIcons[status];
  const { t } = useAdminI18n();
  return (
    <span
      data-translation-status={status}
      className={classNames(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        stateStyles[status],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {translationStateLabel(status, t)}
    </span>
  );
}

/**
 * The status of one language of the item being edited, at the top of its tab: "German
 * translation: Outdated", what that means, and "Mark as checked" when outdated.
 */
export function TranslationStatusNote({
  entry,
  onMarkChecked,
  isMarking = false,
}: {
  entry: TranslationEntry | undefined;
  onMarkChecked?: (language: TranslationLanguage) => void;
  isMarking?: boolean;
}) {
  const { t } = useAdminI18n();
  if (!entry) return null;
  const name = languageName(entry.language, t);
  return (
    <div
      data-translation-language={entry.language}
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm"
    >
      <span className="font-medium text-gray-900">
        {capitalise(t("translation.note", { language: name }))}
      </span>
      <TranslationStatusBadge status={entry.status} />
      <span className="text-gray-700">{translationStateText(entry.status, entry.language, t)}</span>
      {entry.status === "outdated" && onMarkChecked ? (
        <button
          type="button"
          className={adminButton("outline", "ml-auto min-h-8 px-3 py-1")}
          disabled={isMarking}
          onClick={() => onMarkChecked(entry.language)}
        >
          {isMarking ? t("translation.marking") : t("translation.markChecked")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Translation statuses loaded while `enabled`: one item's (`id`; null: none, e.g. a dialog
 * adding one) or, with `id` undefined, every item of the table. `reload` after a save;
 * `markChecked` confirms a language against the English the editor sees (`version`, If-Match).
 */
function useTranslations(
  client: ContentClient,
  table: TranslatableTable,
  id: string | null | undefined,
  enabled: boolean,
) {
  const { t } = useAdminI18n();
  const [entries, setEntries] = useState<TranslationEntry[]>([]);
  const [marking, setMarking] = useState<string | null>(null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    if (id === null) {
      setEntries([]);
      return;
    }
    try {
      const loaded = await client.translations.list({ table, id });
      // An answer to an earlier item (or an earlier save) that arrives late is dropped.
      if (call === latest.current) setEntries(loaded);
    } catch {
      // The status is a help, not the form: the editor still edits and saves without it.
      if (call === latest.current) setEntries([]);
    }
  }, [client, table, id]);

  useEffect(() => {
    if (enabled) void reload();
    else setEntries([]);
  }, [enabled, reload]);

  async function markChecked(itemId: string, language: TranslationLanguage, version?: number) {
    if (marking) return;
    setMarking(`${itemId}/${language}`);
    try {
      const entry = await client.translations.markChecked({ table, id: itemId, language }, version);
      setEntries((current) =>
        current.map((existing) =>
          existing.id === itemId && existing.language === language ? entry : existing,
        ),
      );
      noticeSuccess(
        t("translation.markedTitle"),
        t("translation.markedText", { language: languageName(language, t) }),
      );
    } catch (error) {
      noticeError(t("translation.markFailed"), errorMessage(error));
    } finally {
      setMarking(null);
    }
  }

  const entryOf = (itemId: string, language: string) =>
    entries.find((entry) => entry.id === itemId && entry.language === language);
  const isMarking = (itemId: string, language: string) => marking === `${itemId}/${language}`;
  return { entries, entryOf, reload, markChecked, isMarking };
}

/** The translation status of the item a dialog edits (null: a dialog adding one). */
export function useItemTranslations(
  client: ContentClient,
  table: TranslatableTable,
  id: string | null,
  enabled: boolean,
) {
  const translations = useTranslations(client, table, id, enabled);
  return {
    reload: translations.reload,
    entryOf: (language: string) => (id ? translations.entryOf(id, language) : undefined),
    isMarking: (language: string) => (id ? translations.isMarking(id, language) : false),
    markChecked: (language: TranslationLanguage, version?: number) =>
      id ? translations.markChecked(id, language, version) : Promise.resolve(),
  };
}

/** The translation status of every item of a table (the site content screen's sections). */
export function useTableTranslations(client: ContentClient, table: TranslatableTable) {
  return useTranslations(client, table, undefined, true);
}

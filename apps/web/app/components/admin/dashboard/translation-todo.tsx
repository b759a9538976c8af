/**
 * @module
 * The dashboard's "What needs translating" card (issue 34, item 2): per language, every item
 * whose translation is outdated (English changed since) or missing (visitors see English), each
 * linking to its editor on that language's tab; "All translations are up to date" when none.
 */
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/content-api/content-client";
import type { TranslationEntry } from "../../../lib/content-api/translation-client";
import { ErrorState, LoadingState } from "../common/screen-states";
import { useContentClient } from "../common/use-content-client";
import { useAdminI18n } from "../shell/admin-language";
import {
  translationItemHref,
  translationItemName,
  translationTodoGroups,
} from "../translations/translation-labels";
import { TranslationStatusBadge } from "../translations/translation-status";

export function TranslationTodo() {
  const client = useContentClient();
  const { t } = useAdminI18n();
  const [entries, setEntries] = useState<TranslationEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setEntries(await client.translations.list({ statuses: ["outdated", "missing"] }));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  const groups = entries ? translationTodoGroups(entries, t) : [];
  // A heading starts with a capital ("Njemački (3)"; Bosnian writes language names in lower case).
  const heading = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <section
      aria-labelledby="translation-todo-heading"
      className="space-y-3 rounded-xl border border-(--color-heritage-100) bg-white p-5 shadow-sm"
    >
      <h2 id="translation-todo-heading" className="text-xl font-semibold text-gray-900">
        {t("todo.heading")}
      </h2>
      {loadError !== null ? (
        <ErrorState
          text={t("todo.loadFailed", { message: loadError })}
          onRetry={() => void load()}
        />
      ) : entries === null ? (
        <LoadingState label={t("todo.loading")} />
      ) : groups.length === 0 ? (
        <p className="text-sm text-green-800">{t("todo.none")}</p>
      ) : (
        <>
          <p className="text-sm text-gray-800">{t("todo.intro")}</p>
          <div className="grid gap-4 md:grid-cols-2">
            {groups.map((group) => (
              <div key={group.language} className="min-w-0">
                <h3 className="mb-2 font-semibold text-gray-900">
                  {t("todo.group", {
                    language: heading(group.name),
                    count: group.entries.length,
                  })}
                </h3>
                <ul
                  className="space-y-1.5 text-sm"
                  aria-label={heading(t("todo.groupList", { language: group.name }))}
                >
                  {group.entries.map((entry) => {
                    const href = translationItemHref(entry);
                    const name = translationItemName(entry, t);
                    return (
                      <li
                        key={`${entry.table}-${entry.id}`}
                        className="flex min-w-0 flex-wrap items-center gap-2"
                      >
                        <TranslationStatusBadge status={entry.status} />
                        {href ? (
                          <Link
                            to={href}
                            className="min-w-0 font-semibold wrap-anywhere text-(--color-heritage-800) underline"
                          >
                            {name}
                          </Link>
                        ) : (
                          <span className="min-w-0 wrap-anywhere text-gray-900">
                            {name} <span className="text-gray-700">{t("todo.throughApi")}</span>
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

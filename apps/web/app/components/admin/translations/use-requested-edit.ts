/**
 * @module
 * `?edit={id}&language=de` on a list screen (projects, FAQ) opens that item's dialog on that
 * language's tab once the list is loaded: where the dashboard's "What needs translating" links
 * lead (issue 34, item 2). The parameters are then taken off the address, so going back or
 * reloading does not open it again.
 */
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { adminLanguages } from "../common/languages";

export function useRequestedEdit<Row extends { id: string }>(
  rows: readonly Row[],
  isLoading: boolean,
  open: (row: Row, tab: string) => void,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("edit");
  const language = searchParams.get("language");
  useEffect(() => {
    if (!requested || isLoading) return;
    const row = rows.find((candidate) => candidate.id === requested);
    const tab = adminLanguages.find((entry) => entry.code === language)?.code ?? "en";
    if (row) open(row, tab);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("edit");
        next.delete("language");
        return next;
      },
      { replace: true },
    );
  }, [requested, language, rows, isLoading, open, setSearchParams]);
}

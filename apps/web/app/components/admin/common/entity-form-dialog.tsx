/**
 * @module
 * The add/edit dialog of an admin list (FAQ, projects; site spec, sections 2 and 4): a form that
 * cannot be closed while it saves, Cancel and Save ("Saving..." while busy), and the save itself:
 * create or update, one at a time, the section 8 notice, closed on success, kept filled with the
 * reason on failure. An update sends the version the editor opened (`If-Match`), so a colleague's
 * save in between is never overwritten silently: the dialog shows what they changed and keeps
 * the editor's text (issue 29).
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import {
  ContentClientError,
  errorMessage,
  type VersionConflict,
} from "../../../lib/content-api/content-client";
import { useAdminI18n } from "../shell/admin-language";
import { AdminDialog } from "./admin-dialog";
import { adminButton } from "./admin-styles";
import { fieldErrorText } from "./field-errors";
import { noticeError, noticeSuccess } from "./notices";
import { DiscardChangesDialog, useLeaveWarning } from "./unsaved-changes";
import { fieldLabel, VersionConflictNotice } from "./version-conflict";

export function EntityFormDialog({
  open,
  onOpenChange,
  title,
  wide = false,
  isSaving,
  isSaveDisabled = isSaving,
  onSubmit,
  conflict = null,
  noun,
  onUseTheirs,
  isDirty = false,
  header,
  extraActions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  wide?: boolean;
  isSaving: boolean;
  /** Save is also disabled while other work runs (e.g. an upload); default: while saving. */
  isSaveDisabled?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A colleague's save that refused this one, with the row as the editor opened it. */
  conflict?: ConflictState | null;
  /** "this project", "this FAQ item": how the conflict notice names the row. */
  noun?: string;
  /** Puts a colleague's value of a field into the form (offered beside each change). */
  onUseTheirs?: (field: string, value: unknown) => void;
  /** The form holds changes not saved yet: closing or leaving asks first. */
  isDirty?: boolean;
  /** Above the fields: the state of the item's draft (issue 34, item 1). */
  header?: ReactNode;
  /** Buttons beside Save ("Save draft"). */
  extraActions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminI18n();
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const leaveWarning = useLeaveWarning(open && isDirty && !isSaving);
  /** The editor closes the dialog (Cancel, Escape, the close button): asked first when dirty. */
  const close = () => {
    if (isSaving) return;
    if (isDirty) setAskingToDiscard(true);
    else onOpenChange(false);
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else close();
      }}
      title={title}
      wide={wide}
    >
      {leaveWarning}
      <DiscardChangesDialog
        open={askingToDiscard}
        onKeepEditing={() => setAskingToDiscard(false)}
        onDiscard={() => {
          setAskingToDiscard(false);
          onOpenChange(false);
        }}
      />
      <form onSubmit={onSubmit} noValidate>
        {conflict ? (
          <VersionConflictNotice
            conflict={conflict.conflict}
            opened={conflict.opened}
            what={noun ?? t("conflict.thisItem")}
            onUseTheirs={onUseTheirs}
          />
        ) : null}
        {header}
        {children}
        <div className="mt-6 flex justify-end gap-3 border-t border-gray-200 pt-4">
          <button
            type="button"
            className={adminButton("outline")}
            disabled={isSaving}
            onClick={close}
          >
            {t("common.cancel")}
          </button>
          {extraActions}
          <button type="submit" className={adminButton("primary")} disabled={isSaveDisabled}>
            {isSaving ? t("common.saving") : t("common.save")}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}

/**
 * Why a save failed, for its notice: the server's or the schema's message, or in German and
 * Bosnian each refused field named with what is wrong ("Frage (Englisch): Dieses Feld ist
 * erforderlich"), the shared schemas speaking English.
 */
function failureText(error: unknown, i18n: AdminTranslator): string {
  if (
    i18n.language === "en" ||
    !(error instanceof ContentClientError) ||
    Object.keys(error.fieldErrors).length === 0
  ) {
    return errorMessage(error);
  }
  return Object.entries(error.fieldErrors)
    .map(([field, message]) => `${fieldLabel(field, i18n.t)}: ${fieldErrorText(message, i18n)}`)
    .join(". ");
}

export interface ConflictState {
  conflict: VersionConflict;
  opened: Record<string, unknown> | null;
}

type VersionedRow = { id: string; version?: number | undefined };

export interface EntitySaveOptions<Row extends VersionedRow, Values> {
  /** Whether the dialog is open: opening it starts from the row's version again. */
  open: boolean;
  /** The row being edited, or null when adding. */
  entity: Row | null;
  create: (values: Values) => Promise<Row>;
  /** `version`: the one the editor's text is based on (sent as `If-Match`). */
  update: (values: Values & { id: string }, version: number | undefined) => Promise<Row>;
  onSaved: (row: Row, change: "added" | "updated") => void;
  onOpenChange: (open: boolean) => void;
  notices: { added: string; updated: string; failed: string };
  /** Called with each refused field's message, so the form can show it beside the field. */
  onInvalid?: (fieldErrors: Readonly<Record<string, string>>) => void;
}

/**
 * The dialog's save. `isSavingRef` is the one-at-a-time guard, also for other saves of the same
 * dialog (a second click while a save runs does nothing).
 */
export function useEntitySave<Row extends VersionedRow, Values>(
  options: EntitySaveOptions<Row, Values>,
) {
  const i18n = useAdminI18n();
  const [isSaving, setIsSaving] = useState(false);
  const isSavingRef = useRef(false);
  const { open, entity } = options;
  /** The version the form's text is based on: the opened row's, then each save's. */
  const versionRef = useRef<number | undefined>(entity?.version);
  const [conflict, setConflict] = useState<ConflictState | null>(null);

  useEffect(() => {
    if (!open) return;
    versionRef.current = entity?.version;
    setConflict(null);
  }, [open, entity]);

  /** After any save of this row in the dialog (the SEO tab saves on its own). */
  function saved(row: VersionedRow) {
    versionRef.current = row.version;
    setConflict(null);
  }

  /** True when `error` is a colleague's earlier save: shown, and the next save is based on it. */
  function noteConflict(error: unknown): boolean {
    if (!(error instanceof ContentClientError) || !error.conflict) return false;
    const { conflict: found } = error;
    setConflict((previous) => ({
      conflict: found,
      opened: previous?.conflict.current ?? (entity as Record<string, unknown> | null),
    }));
    versionRef.current = found.currentVersion;
    return true;
  }

  async function save(values: Values) {
    if (isSavingRef.current) return;
    isSavingRef.current = true;
    setIsSaving(true);
    const { notices } = options;
    try {
      const row = entity
        ? await options.update({ ...values, id: entity.id }, versionRef.current)
        : await options.create(values);
      saved(row);
      options.onSaved(row, entity ? "updated" : "added");
      noticeSuccess(entity ? notices.updated : notices.added);
      options.onOpenChange(false);
    } catch (error) {
      if (error instanceof ContentClientError && Object.keys(error.fieldErrors).length > 0) {
        options.onInvalid?.(error.fieldErrors);
      }
      noteConflict(error);
      noticeError(notices.failed, failureText(error, i18n));
    } finally {
      isSavingRef.current = false;
      setIsSaving(false);
    }
  }

  return { isSaving, isSavingRef, save, versionRef, saved, noteConflict, conflict };
}

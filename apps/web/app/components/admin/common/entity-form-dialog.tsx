/**
 * @module
 * The add/edit dialog of an admin list (FAQ, projects; site spec, sections 2 and 4): a form that
 * cannot be closed while it saves, Cancel and Save ("Saving..." while busy), and the save itself:
 * create or update, one at a time, the section 8 notice, closed on success, kept filled with the
 * reason on failure.
 */
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { ContentClientError, errorMessage } from "../../../lib/content-client";
import { AdminDialog } from "./admin-dialog";
import { adminButton } from "./admin-styles";
import { noticeError, noticeSuccess } from "./notices";

export function EntityFormDialog({
  open,
  onOpenChange,
  title,
  wide = false,
  isSaving,
  isSaveDisabled = isSaving,
  onSubmit,
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
  children: ReactNode;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && isSaving) return;
        onOpenChange(next);
      }}
      title={title}
      wide={wide}
    >
      <form onSubmit={onSubmit} noValidate>
        {children}
        <div className="mt-6 flex justify-end gap-3 border-t border-gray-200 pt-4">
          <button
            type="button"
            className={adminButton("outline")}
            disabled={isSaving}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button type="submit" className={adminButton("primary")} disabled={isSaveDisabled}>
            {isSaving ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}

export interface EntitySaveOptions<Row extends { id: string }, Values> {
  /** The row being edited, or null when adding. */
  entity: Row | null;
  create: (values: Values) => Promise<Row>;
  update: (values: Values & { id: string }) => Promise<Row>;
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
export function useEntitySave<Row extends { id: string }, Values>(
  options: EntitySaveOptions<Row, Values>,
) {
  const [isSaving, setIsSaving] = useState(false);
  const isSavingRef = useRef(false);

  async function save(values: Values) {
    if (isSavingRef.current) return;
    isSavingRef.current = true;
    setIsSaving(true);
    const { entity, notices } = options;
    try {
      const saved = entity
        ? await options.update({ ...values, id: entity.id })
        : await options.create(values);
      options.onSaved(saved, entity ? "updated" : "added");
      noticeSuccess(entity ? notices.updated : notices.added);
      options.onOpenChange(false);
    } catch (error) {
      if (error instanceof ContentClientError && Object.keys(error.fieldErrors).length > 0) {
        options.onInvalid?.(error.fieldErrors);
      }
      noticeError(notices.failed, errorMessage(error));
    } finally {
      isSavingRef.current = false;
      setIsSaving(false);
    }
  }

  return { isSaving, isSavingRef, save };
}

/**
 * @module
 * The confirmation asked before a deletion (site spec, section 5), as a Radix AlertDialog: focus
 * starts on Cancel, Escape cancels. The confirm button stays disabled while the action runs.
 */
import { AlertDialog } from "radix-ui";
import { useAdminI18n } from "../shell/admin-language";
import { adminButton } from "./admin-styles";

export function ConfirmDialog({
  open,
  onOpenChange,
  question,
  description,
  confirmLabel,
  busyLabel,
  isBusy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question: string;
  /** What happens, under the question (a delete into the trash can be undone: say so). */
  description?: string;
  confirmLabel?: string;
  busyLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-(--color-heritage-900)">
            {question}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            {description ?? t("common.cannotBeUndone")}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={adminButton("outline")} disabled={isBusy}>
              {t("common.cancel")}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={adminButton("danger")}
              disabled={isBusy}
              onClick={onConfirm}
            >
              {isBusy ? (busyLabel ?? t("common.deleting")) : (confirmLabel ?? t("common.delete"))}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

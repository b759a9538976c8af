/**
 * @module
 * Confirmation before removing an admin user (a Radix alert dialog: focus moves into it, stays
 * there, Escape cancels, focus returns to the button that opened it). Removing your own account
 * says so and signs you out afterwards.
 */
import { AlertDialog } from "radix-ui";
import { buttonClasses } from "../../ui/button-styles";
import { useAdminI18n } from "../shell/admin-language";

export function RemoveUserDialog({
  userLabel,
  isSelf,
  isOpen,
  isBusy,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: {
  userLabel: string;
  isSelf: boolean;
  isOpen: boolean;
  isBusy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Gets focus when the dialog closes (the dialog opens without a Radix trigger). */
  returnFocusTo: () => HTMLElement | null;
}) {
  const { t } = useAdminI18n();
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-(--color-heritage-900)/50" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-xl font-semibold text-(--color-heritage-900)">
            {isSelf ? t("users.removeSelfTitle") : t("users.removeTitle")}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-(--color-ink)">
            {isSelf
              ? t("users.removeSelfText", { user: userLabel })
              : t("users.removeText", { user: userLabel })}
          </AlertDialog.Description>
          <div className="flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("outline")}>
              {t("common.cancel")}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={isBusy}
              onClick={onConfirm}
              className={buttonClasses("primary")}
            >
              {isBusy
                ? t("users.removing")
                : isSelf
                  ? t("users.removeSelf")
                  : t("users.removeUser")}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

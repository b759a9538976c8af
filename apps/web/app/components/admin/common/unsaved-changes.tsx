/**
 * @module
 * Leaving an admin form with unsaved changes asks first (issue 29): closing the tab or reloading
 * (the browser's own question), and moving to another admin page (ours). A dialog's own Cancel,
 * Escape and close button ask through `DiscardChangesDialog`.
 */
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useAdminI18n } from "../shell/admin-language";
import { ConfirmDialog } from "./confirm-dialog";

/** Asks before the page is left while `isDirty`; render the returned element. */
export function useLeaveWarning(isDirty: boolean) {
  const { t } = useAdminI18n();
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      question={t("common.leaveQuestion")}
      confirmLabel={t("common.leavePage")}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}

/** The question a dialog with unsaved changes asks before it closes. */
export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeepEditing();
      }}
      question={t("common.discardQuestion")}
      confirmLabel={t("common.discard")}
      onConfirm={onDiscard}
    />
  );
}

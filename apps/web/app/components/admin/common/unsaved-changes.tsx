/**
 * @module
 * Leaving an admin form with unsaved changes asks first (issue 29): closing the tab or reloading
 * (the browser's own question), and moving to another admin page (ours). A dialog's own Cancel,
 * Escape and close button ask through `DiscardChangesDialog`.
 */
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

/** Asks before the page is left while `isDirty`; render the returned element. */
export function useLeaveWarning(isDirty: boolean) {
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
      question="Leave this page? Your unsaved changes will be lost."
      confirmLabel="Leave page"
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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeepEditing();
      }}
      question="Discard your unsaved changes?"
      confirmLabel="Discard changes"
      onConfirm={onDiscard}
    />
  );
}

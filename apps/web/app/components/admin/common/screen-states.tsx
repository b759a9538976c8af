/**
 * @module
 * Loading, empty and error states of the admin lists, announced to screen readers.
 */
import { Spinner } from "../../ui/spinner";
import { useAdminI18n } from "../shell/admin-language";
import { adminButton } from "./admin-styles";

export function LoadingState({ label }: { label: string }) {
  return <Spinner label={label} className="justify-center py-12" />;
}

export function EmptyState({ text }: { text: string }) {
  return <p className="py-10 text-center text-gray-700">{text}</p>;
}

/** With `onRetry`, a "Try again" button follows the message (for a screen that could not load). */
export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useAdminI18n();
  const message = (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
      {text}
    </p>
  );
  if (!onRetry) return message;
  return (
    <div className="space-y-3">
      {message}
      <button type="button" className={adminButton("outline")} onClick={onRetry}>
        {t("common.tryAgain")}
      </button>
    </div>
  );
}

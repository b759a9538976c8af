/**
 * @module
 * Loading, empty and error states of the admin lists, announced to screen readers.
 */
import { Spinner } from "../../ui/spinner";

export function LoadingState({ label }: { label: string }) {
  return <Spinner label={label} className="justify-center py-12" />;
}

export function EmptyState({ text }: { text: string }) {
  return <p className="py-10 text-center text-gray-700">{text}</p>;
}

export function ErrorState({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
      {text}
    </p>
  );
}

import { classNames } from "./class-names";

/** A spinning ring with a visible (or screen-reader-only) label, announced politely. */
export function Spinner({
  label,
  showLabel = true,
  className,
}: {
  label: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={classNames("flex items-center gap-3", className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-4 border-(--color-heritage-100) border-t-(--color-heritage-700)"
      />
      <span className={showLabel ? "text-(--color-muted)" : "sr-only"}>{label}</span>
    </div>
  );
}

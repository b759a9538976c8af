import { classNames } from "./class-names";

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={classNames("block animate-pulse rounded-md bg-(--color-heritage-100)", className)}
    />
  );
}

/**
 * @module
 * A titled part of the account settings page: a landmark named by its heading.
 */
import { type ReactNode, useId } from "react";
import { useHandlerOptions } from "../handler-options";

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classNames.section}>
      <h2 id={headingId} className={classNames.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

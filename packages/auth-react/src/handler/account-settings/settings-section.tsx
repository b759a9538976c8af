/**
 * @module
 * A titled part of the account settings page: a landmark named by its heading.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useHandlerOptions } from "../handler-options";

export function SettingsSection({
  title,
  view,
  children,
}: {
  title: string;
  /**
   * Names what the section shows now (e.g. "off", "setting-up", "on"). When it changes and the
   * control that had the focus is gone or disabled (the focus fell back to the page), the heading
   * takes the focus: keyboard and screen-reader users go on from this section, not from the top.
   */
  view?: string | undefined;
  children: ReactNode;
}) {
  const { classNames } = useHandlerOptions();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (hasLostFocus(headingRef.current?.parentElement ?? null)) headingRef.current?.focus();
  }, [view]);
  return (
    <section aria-labelledby={headingId} className={classNames.section}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={classNames.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Whether the focus is on nothing, or on a control of `section` that was disabled meanwhile. */
function hasLostFocus(section: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) return true;
  return (
    section?.contains(active) === true && active instanceof HTMLButtonElement && active.disabled
  );
}

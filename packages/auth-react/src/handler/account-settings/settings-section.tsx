/**
 * @module
 * A titled part of the account settings page: a landmark named by its heading. Parts inside a
 * part (a team's members, invitations, keys) use `level` 3.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useHandlerOptions } from "../handler-options";

export function SettingsSection({
  title,
  view,
  level = 2,
  children,
}: {
  title: string;
  level?: 2 | 3;
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
  const Heading = level === 2 ? "h2" : "h3";
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (hasLostFocus(headingRef.current?.parentElement ?? null)) headingRef.current?.focus();
  }, [view]);
  return (
    <section aria-labelledby={headingId} className={classNames.section}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className={classNames.heading}>
        {title}
      </Heading>
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

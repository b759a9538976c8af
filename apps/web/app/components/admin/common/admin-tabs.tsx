/**
 * @module
 * A tab set of the admin screens (Radix Tabs: arrow keys move between tabs, each panel is
 * labelled by its tab). Panels stay mounted, so half-filled forms survive switching tabs.
 */
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { tabListClass, tabTriggerClass } from "./admin-styles";

export interface AdminTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export function AdminTabs({
  tabs,
  label,
  defaultValue,
  value,
  onValueChange,
}: {
  tabs: AdminTab[];
  /** Names the tab list for screen readers. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  return (
    <Tabs.Root
      defaultValue={defaultValue ?? tabs[0]?.value}
      {...(value === undefined ? {} : { value })}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <Tabs.List aria-label={label} className={tabListClass}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={tabTriggerClass}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          forceMount
          className="mt-4 data-[state=inactive]:hidden"
        >
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * @module
 * Class names shared by the admin content screens: compact buttons, inputs, tables and cards.
 * Colours meet WCAG AA against white.
 */
import { classNames } from "../../ui/class-names";

const buttonBase =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 disabled:cursor-not-allowed disabled:opacity-60";

const buttonVariants = {
  primary: "bg-(--color-heritage-800) text-white hover:bg-(--color-heritage-900)",
  danger: "bg-red-700 text-white hover:bg-red-800",
  outline: "border border-gray-400 bg-white text-gray-900 hover:bg-gray-100",
  ghost: "text-(--color-heritage-800) hover:bg-(--color-heritage-50)",
} as const;

export function adminButton(variant: keyof typeof buttonVariants = "primary", extra?: string) {
  return classNames(buttonBase, buttonVariants[variant], extra);
}

export const inputClass =
  "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:border-(--color-heritage-700)";

export const labelClass = "mb-1 block text-sm font-medium text-gray-900";

export const cardClass = "rounded-lg border border-gray-200 bg-white p-6 shadow-sm";

export const tableClass = "w-full border-collapse text-left text-sm";
export const headCellClass = "border-b border-gray-200 px-3 py-2 font-semibold text-gray-700";
export const cellClass = "border-b border-gray-100 px-3 py-2 align-top text-gray-900";

export const tabListClass = "flex flex-wrap gap-1 rounded-md bg-gray-100 p-1";
export const tabTriggerClass =
  "min-h-10 rounded px-3 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-(--color-heritage-900) data-[state=active]:shadow-sm";

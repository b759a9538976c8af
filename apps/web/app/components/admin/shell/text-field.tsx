/**
 * @module
 * A labelled input with its hint and error tied to it (`aria-describedby`, `aria-invalid`).
 */
import { type InputHTMLAttributes, useId } from "react";
import { classNames } from "../../ui/class-names";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function TextField({ label, name, error, hint: rule, className, ...input }: TextFieldProps) {
  const id = useId();
  // An error says what is wrong in the rule's own terms: shown with it, the rule would be said
  // twice ("At least 8 characters." over "Password must be at least 8 characters").
  const hint = error ? undefined : rule;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={classNames("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-(--color-heritage-900)">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={classNames(
          "min-h-11 rounded-md border bg-white px-3 py-2 text-base text-(--color-ink)",
          error ? "border-(--color-terracotta-600)" : "border-(--color-heritage-100)",
        )}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-(--color-muted)">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-(--color-terracotta-700)">
          {error}
        </p>
      ) : null}
    </div>
  );
}

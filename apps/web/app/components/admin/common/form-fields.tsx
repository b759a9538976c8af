/**
 * @module
 * Labelled inputs for the admin forms, wired to react-hook-form through `register(...)`. A field's
 * error is linked to it (`aria-describedby`) and announced.
 */
import { type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { classNames } from "../../ui/class-names";
import { useAdminI18n } from "../shell/admin-language";
import { inputClass, labelClass } from "./admin-styles";
import { fieldErrorText } from "./field-errors";

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Shown under the field (a counter, a hint). */
  hint?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  const i18n = useAdminI18n();
  return (
    <div className={classNames("mb-4", className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {fieldErrorText(error, i18n)}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function TextField({
  type = "text",
  prefix,
  ...props
}: FieldProps & {
  type?: "text" | "email" | "url" | "tel";
  /** Fixed text shown before the input, not part of its value (e.g. "/project/"). */
  prefix?: string;
}) {
  const id = useId();
  const input = (
    <input
      id={id}
      type={type}
      className={prefix ? classNames(inputClass, "min-w-0 rounded-l-none") : inputClass}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(id, props.error, props.hint)}
      {...props.registration}
    />
  );
  return (
    <FieldFrame id={id} {...props}>
      {prefix ? (
        <div className="flex">
          <span className="inline-flex shrink-0 items-center rounded-l-md border border-r-0 border-gray-400 bg-gray-100 px-3 text-sm text-gray-700">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ rows = 3, ...props }: FieldProps & { rows?: number }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <textarea
        id={id}
        rows={rows}
        className={inputClass}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        {...props.registration}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  ...props
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <select
        id={id}
        className={inputClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        {...props.registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

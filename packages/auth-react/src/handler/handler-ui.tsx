/**
 * @module
 * The building blocks of the handler pages: the card, labelled fields that show their own error
 * (linked with `aria-describedby`), the form's alert, and focus moved to the first problem after a
 * failed submit, so keyboard and screen-reader users land on what needs fixing.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useHandlerOptions, useI18n } from "./handler-options";

export function HandlerCard({ title, children }: { title: string; children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const shownTitle = useRef(title);
  // When the page moves to another state (e.g. "Check your e-mail") the focused button is gone:
  // focus the new heading, so keyboard and screen-reader users continue from the new content.
  useEffect(() => {
    if (shownTitle.current === title) return;
    shownTitle.current = title;
    const active = document.activeElement;
    if (active === null || active === document.body) headingRef.current?.focus();
  }, [title]);
  return (
    <div className={classNames.page} data-auth-handler="">
      <div className={classNames.card}>
        <h1 ref={headingRef} tabIndex={-1} className={classNames.title}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

export function Field({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const { classNames } = useHandlerOptions();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={classNames.field}>
      <label htmlFor={id} className={classNames.label}>
        {label}
      </label>
      <input
        id={id}
        className={classNames.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={classNames.text}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classNames.fieldError ?? classNames.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message of a whole form (a server error); focusable so focus can move to it. */
export function FormAlert({ message }: { message: string | null }) {
  const { classNames } = useHandlerOptions();
  if (!message) return null;
  return (
    <p role="alert" tabIndex={-1} data-form-alert="" className={classNames.error}>
      {message}
    </p>
  );
}

export function StatusText({ children }: { children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  return (
    <p role="status" className={classNames.status}>
      {children}
    </p>
  );
}

export function Text({ children }: { children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  return <p className={classNames.text}>{children}</p>;
}

export function HandlerLink({ href, children }: { href: string; children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  return (
    <a className={classNames.link} href={href}>
      {children}
    </a>
  );
}

export function SubmitButton({
  isBusy,
  busyLabel,
  children,
}: {
  isBusy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  const { classNames } = useHandlerOptions();
  return (
    <button
      type="submit"
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      className={classNames.button}
    >
      {isBusy ? busyLabel : children}
    </button>
  );
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormState<F extends string, E extends HTMLElement = HTMLFormElement> {
  /** The element holding the fields and the alert (a form, or a list of actions). */
  formRef: RefObject<E | null>;
  fieldErrors: FieldErrors<F>;
  formError: string | null;
  isBusy: boolean;
  /** Shows these problems and moves focus to the first invalid field, else to the alert. */
  fail(problems: { fields?: FieldErrors<F>; form?: string | null }): void;
  /** Runs `action` with the form busy and the old problems cleared; a throw becomes the alert. */
  run(action: () => Promise<void>): Promise<void>;
}

/** The error and busy state of one form, with focus management after failures. */
export function useFormState<
  F extends string,
  E extends HTMLElement = HTMLFormElement,
>(): FormState<F, E> {
  const { errorText } = useI18n();
  const formRef = useRef<E | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("[data-form-alert]");
    target?.focus();
  }, [failures]);

  const fail: FormState<F, E>["fail"] = ({ fields = {}, form = null }) => {
    setFieldErrors(fields);
    setFormError(form);
    setFailures((count) => count + 1);
  };

  const run: FormState<F, E>["run"] = async (action) => {
    setIsBusy(true);
    setFieldErrors({});
    setFormError(null);
    try {
      await action();
    } catch (caught) {
      fail({ form: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  };

  return { formRef, fieldErrors, formError, isBusy, fail, run };
}

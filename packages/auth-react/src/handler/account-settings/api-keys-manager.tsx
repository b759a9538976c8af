/**
 * @module
 * The API keys of one owner (contract §2.12): the user's own keys in the API keys section, a
 * team's keys in the teams section. Lists the keys with their state, creates one (its full value
 * is shown once, with a button that copies it) and revokes one. The owner's calls come as props,
 * so both places share one look, one set of checks and one set of messages.
 */
import type { ApiKey, ApiKeyCreation } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useHandlerOptions } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";

const dayMs = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

function describeKey(key: ApiKey): string {
  const reason = key.whyInvalid();
  const state =
    reason === "manually-revoked"
      ? "revoked"
      : reason === "expired"
        ? "expired"
        : key.expiresAt
          ? `expires ${dateFormat.format(key.expiresAt)}`
          : "never expires";
  return `${key.description} (ending ${key.value.lastFour}, ${state})`;
}

/**
 * The new key's value, shown once, and a button that copies it. Where the browser refuses the
 * clipboard (no permission, not a secure context) it says so: the value stays selectable.
 */
function NewKeyValue({ value }: { value: string }) {
  const { classNames } = useHandlerOptions();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div role="status">
      <p className={classNames.text}>Your new key (copy it now: it is shown only once):</p>
      <p className={classNames.text}>
        <code data-new-api-key="">{value}</code>
      </p>
      <button type="button" className={classNames.secondaryButton} onClick={() => void copy()}>
        Copy key
      </button>
      {copied === "yes" ? <p className={classNames.text}>Copied to the clipboard.</p> : null}
      {copied === "failed" ? (
        <p className={classNames.error}>
          The key could not be copied here: please select it and copy it yourself.
        </p>
      ) : null}
    </div>
  );
}

export interface ApiKeysManagerProps {
  /** The owner's keys, newest first; keep it stable (useCallback), it is reloaded on change. */
  listKeys: () => Promise<ApiKey[]>;
  createKey: (creation: ApiKeyCreation) => Promise<{ value: string }>;
  /** Shown when there are no keys, e.g. "You have no API keys." */
  emptyText: string;
  /** Called when the focused control is about to go (a revoked key loses its button). */
  onViewChange?: (view: string | undefined) => void;
}

export function ApiKeysManager({
  listKeys,
  createKey,
  emptyText,
  onViewChange,
}: ApiKeysManagerProps) {
  const { classNames } = useHandlerOptions();
  const form = useFormState<"description" | "days">();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys(await listKeys());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The API keys could not be loaded.");
    }
  }, [listKeys]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    onViewChange?.(busyId === null ? undefined : `revoking-${busyId}`);
  }, [busyId, onViewChange]);

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNewKey(null);
    const element = event.currentTarget;
    const data = new FormData(element);
    const description = String(data.get("description") ?? "").trim();
    const daysText = String(data.get("days") ?? "").trim();
    const days = daysText === "" ? null : Number(daysText);
    const problems = {
      ...(description === "" ? { description: "Please describe what the key is for." } : {}),
      ...(days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)
        ? { days: "Please enter a whole number of days from 1 to 3650, or leave it empty." }
        : {}),
    };
    if (Object.keys(problems).length > 0) return form.fail({ fields: problems });
    void form.run(async () => {
      const created = await createKey({
        description,
        expiresAt: days === null ? null : new Date(Date.now() + days * dayMs),
      });
      element.reset();
      setNewKey(created.value);
      await load();
    });
  };

  const revoke = async (key: ApiKey) => {
    setBusyId(key.id);
    setError(null);
    try {
      await key.revoke();
      await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The key could not be revoked.");
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <FormAlert message={error} />
      {keys === null ? (
        error ? null : (
          <StatusText>Loading the API keys...</StatusText>
        )
      ) : keys.length === 0 ? (
        <p className={classNames.text}>{emptyText}</p>
      ) : (
        <ul className={classNames.list}>
          {keys.map((key) => (
            <li key={key.id} className={classNames.listItem}>
              <span className={classNames.text}>{describeKey(key)}</span>
              {key.isValid() ? (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={`Revoke ${key.description}`}
                  onClick={() => void revoke(key)}
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {newKey ? <NewKeyValue key={newKey} value={newKey} /> : null}
      <form ref={form.formRef} noValidate onSubmit={create} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label="Key description"
          name="description"
          required
          error={form.fieldErrors.description}
        />
        <Field
          label="Expires after (days)"
          name="days"
          inputMode="numeric"
          hint="Leave empty for a key that never expires."
          error={form.fieldErrors.days}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel="Creating...">
          Create API key
        </SubmitButton>
      </form>
    </>
  );
}

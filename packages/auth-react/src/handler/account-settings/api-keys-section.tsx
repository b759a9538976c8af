/**
 * @module
 * Account settings, API keys (contract §2.10), shown when the project allows user keys: the user's
 * keys with their state, creating one (its full value is shown once, with a button that copies it)
 * and revoking one.
 */
import type { UserApiKey } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { SettingsSection } from "./settings-section";

const dayMs = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

function describeKey(key: UserApiKey): string {
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

export function ApiKeysSection() {
  const { classNames } = useHandlerOptions();
  const { app } = useAuth();
  const form = useFormState<"description" | "days">();
  const [keys, setKeys] = useState<UserApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys(await app.listApiKeys());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Your API keys could not be loaded.");
    }
  }, [app]);

  useEffect(() => {
    void load();
  }, [load]);

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
      const created = await app.createApiKey({
        description,
        expiresAt: days === null ? null : new Date(Date.now() + days * dayMs),
      });
      element.reset();
      setNewKey(created.value);
      await load();
    });
  };

  const revoke = async (key: UserApiKey) => {
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
    <SettingsSection title="API keys">
      <FormAlert message={error} />
      {keys === null ? (
        error ? null : (
          <StatusText>Loading your API keys...</StatusText>
        )
      ) : keys.length === 0 ? (
        <p className={classNames.text}>You have no API keys.</p>
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
    </SettingsSection>
  );
}

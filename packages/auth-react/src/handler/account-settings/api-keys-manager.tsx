/**
 * @module
 * The API keys of one owner (contract §2.12): the user's own keys in the API keys section, a
 * team's keys in the teams section. Lists the keys with their state, creates one (its full value
 * is shown once, with a button that copies it) and revokes one. The owner's calls come as props,
 * so both places share one look, one set of checks and one set of messages.
 */
import type { ApiKey, ApiKeyCreation } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import type { MessageKey } from "../i18n/en";
import type { HandlerI18n } from "../i18n/translator";

const dayMs = 24 * 60 * 60 * 1000;

function describeKey(key: ApiKey, { t, formatDate }: HandlerI18n): string {
  const reason = key.whyInvalid();
  const state =
    reason === "manually-revoked"
      ? t("apiKeys.revoked")
      : reason === "expired"
        ? t("apiKeys.expired")
        : key.expiresAt
          ? t("apiKeys.expires", { date: formatDate(key.expiresAt, { dateStyle: "medium" }) })
          : t("apiKeys.neverExpires");
  return t("apiKeys.describe", {
    description: key.description,
    lastFour: key.value.lastFour,
    state,
  });
}

/**
 * The new key's value, shown once, and a button that copies it. Where the browser refuses the
 * clipboard (no permission, not a secure context) it says so: the value stays selectable.
 */
function NewKeyValue({ value }: { value: string }) {
  const { classNames } = useHandlerOptions();
  const { t } = useI18n();
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
      <p className={classNames.text}>{t("apiKeys.newKey")}</p>
      <p className={classNames.text}>
        <code data-new-api-key="">{value}</code>
      </p>
      <button type="button" className={classNames.secondaryButton} onClick={() => void copy()}>
        {t("apiKeys.copy")}
      </button>
      {copied === "yes" ? <p className={classNames.text}>{t("apiKeys.copied")}</p> : null}
      {copied === "failed" ? <p className={classNames.error}>{t("apiKeys.copyFailed")}</p> : null}
    </div>
  );
}

export interface ApiKeysManagerProps {
  /** The owner's keys, newest first; keep it stable (useCallback), it is reloaded on change. */
  listKeys: () => Promise<ApiKey[]>;
  createKey: (creation: ApiKeyCreation) => Promise<{ value: string }>;
  /** The text shown when there are no keys, e.g. "apiKeys.none" ("You have no API keys."). */
  emptyText: MessageKey;
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
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const form = useFormState<"description" | "days">();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  // As thrown, with the text for a failure that says nothing: shown in the pages' language.
  const [error, setError] = useState<{ caught: unknown; fallback: MessageKey } | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys(await listKeys());
    } catch (caught) {
      setError({ caught, fallback: "apiKeys.notLoaded" });
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
      ...(description === "" ? { description: t("apiKeys.describeRequired") } : {}),
      ...(days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)
        ? { days: t("apiKeys.daysInvalid") }
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
      setError({ caught, fallback: "apiKeys.notRevoked" });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <FormAlert message={error ? errorText(error.caught, error.fallback) : null} />
      {keys === null ? (
        error ? null : (
          <StatusText>{t("apiKeys.loading")}</StatusText>
        )
      ) : keys.length === 0 ? (
        <p className={classNames.text}>{t(emptyText)}</p>
      ) : (
        <ul className={classNames.list}>
          {keys.map((key) => (
            <li key={key.id} className={classNames.listItem}>
              <span className={classNames.text}>{describeKey(key, i18n)}</span>
              {key.isValid() ? (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={t("apiKeys.revokeNamed", { description: key.description })}
                  onClick={() => void revoke(key)}
                >
                  {t("apiKeys.revoke")}
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
          label={t("apiKeys.descriptionLabel")}
          name="description"
          required
          error={form.fieldErrors.description}
        />
        <Field
          label={t("apiKeys.daysLabel")}
          name="days"
          inputMode="numeric"
          hint={t("apiKeys.daysHint")}
          error={form.fieldErrors.days}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("common.creating")}>
          {t("apiKeys.create")}
        </SubmitButton>
      </form>
    </>
  );
}

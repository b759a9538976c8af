/**
 * @module
 * Account settings, sessions (contract §2.5): where the user is signed in, and signing out one of
 * the other sessions. The current one is marked and ends with sign-out instead.
 */
import type { ActiveSession } from "@heritage/auth-client";
import { useCallback, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { FormAlert, StatusText } from "../handler-ui";
import type { MessageKey } from "../i18n/en";
import { SettingsSection } from "./settings-section";

const dateStyle: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export function SessionsSection() {
  const { classNames } = useHandlerOptions();
  const { t, errorText, formatDate } = useI18n();
  const { app } = useAuth();
  const [sessions, setSessions] = useState<ActiveSession[] | null>(null);
  // As thrown, with the text for a failure that says nothing: shown in the pages' language.
  const [error, setError] = useState<{ caught: unknown; fallback: MessageKey } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await app.listSessions());
    } catch (caught) {
      setError({ caught, fallback: "sessions.notLoaded" });
    }
  }, [app]);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (session: ActiveSession) => {
    setBusyId(session.id);
    setError(null);
    setNotice(null);
    try {
      await app.revokeSession(session.id);
      // The list first, then the notice: it is announced when the list shows the change.
      await load();
      setNotice(t("sessions.signedOut"));
    } catch (caught) {
      setError({ caught, fallback: "sessions.notSignedOut" });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SettingsSection
      title={t("sessions.title")}
      // Signing out disables the focused button, then removes it with its session.
      view={busyId !== null ? "signing-out" : (notice ?? undefined)}
    >
      <FormAlert message={error ? errorText(error.caught, error.fallback) : null} />
      {sessions === null ? (
        error ? null : (
          <StatusText>{t("sessions.loading")}</StatusText>
        )
      ) : (
        <ul className={classNames.list}>
          {sessions.map((session) => {
            const times = {
              created: formatDate(session.createdAt, dateStyle),
              lastUsed: formatDate(session.lastUsedAt, dateStyle),
            };
            const label = session.lastUsedFromIp
              ? t("sessions.describeWithIp", { ...times, ip: session.lastUsedFromIp })
              : t("sessions.describe", times);
            return (
              <li key={session.id} className={classNames.listItem}>
                <span className={classNames.text}>
                  {label}
                  {session.isCurrentSession ? ` ${t("sessions.current")}` : ""}
                </span>
                {session.isCurrentSession ? null : (
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={t("sessions.signOutNamed", { session: label })}
                    onClick={() => void revoke(session)}
                  >
                    {t("sessions.signOut")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
    </SettingsSection>
  );
}

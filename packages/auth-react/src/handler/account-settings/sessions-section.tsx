/**
 * @module
 * Account settings, sessions (contract §2.5): where the user is signed in, and signing out one of
 * the other sessions. The current one is marked and ends with sign-out instead.
 */
import type { ActiveSession } from "@heritage/auth-client";
import { useCallback, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions } from "../handler-options";
import { FormAlert, StatusText } from "../handler-ui";
import { SettingsSection } from "./settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export function SessionsSection() {
  const { classNames } = useHandlerOptions();
  const { app } = useAuth();
  const [sessions, setSessions] = useState<ActiveSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await app.listSessions());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Your sessions could not be loaded.");
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
      setNotice("The session has been signed out.");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The session could not be signed out.");
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SettingsSection
      title="Sessions"
      // Signing out disables the focused button, then removes it with its session.
      view={busyId !== null ? "signing-out" : (notice ?? undefined)}
    >
      <FormAlert message={error} />
      {sessions === null ? (
        error ? null : (
          <StatusText>Loading your sessions...</StatusText>
        )
      ) : (
        <ul className={classNames.list}>
          {sessions.map((session) => {
            const label = `Signed in ${dateFormat.format(session.createdAt)}, last used ${dateFormat.format(session.lastUsedAt)}${session.lastUsedFromIp ? ` from ${session.lastUsedFromIp}` : ""}`;
            return (
              <li key={session.id} className={classNames.listItem}>
                <span className={classNames.text}>
                  {label}
                  {session.isCurrentSession ? " (this session)" : ""}
                </span>
                {session.isCurrentSession ? null : (
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={`Sign out: ${label}`}
                    onClick={() => void revoke(session)}
                  >
                    Sign out
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

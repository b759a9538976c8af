/**
 * @module
 * A team's invitations (contract §2.9): inviting someone by e-mail (needs `$invite_members`; the
 * link leads to /handler/team-invitation), the pending invitations (listing needs
 * `$read_members` and `$invite_members`) and revoking one (needs `$remove_members`).
 */
import type { ClientTeamHandle, TeamInvitationInfo } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { isEmailLike } from "../../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions, useI18n } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";
import type { MessageKey } from "../../i18n/en";
import type { HandlerI18n } from "../../i18n/translator";
import { SettingsSection } from "../settings-section";

function InviteForm({
  team,
  onInvited,
}: {
  team: ClientTeamHandle;
  onInvited: (to: string) => Promise<void>;
}) {
  const { urls, classNames } = useHandlerOptions();
  const { t } = useI18n();
  const form = useFormState<"email">();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const email = String(new FormData(element).get("email") ?? "").trim();
    if (!isEmailLike(email)) {
      return form.fail({ fields: { email: t("validation.invalidEmail") } });
    }
    void form.run(async () => {
      await team.inviteUser({
        email,
        callbackUrl: toAbsoluteUrl(`${urls.handler}/team-invitation`),
      });
      element.reset();
      await onInvited(email);
    });
  };
  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
      <FormAlert message={form.formError} />
      <Field
        label={t("teamInvitations.inviteLabel", { team: team.displayName })}
        name="email"
        type="email"
        autoComplete="off"
        error={form.fieldErrors.email}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel={t("teamInvitations.inviting")}>
        {t("teamInvitations.send")}
      </SubmitButton>
    </form>
  );
}

function describeInvitation(
  invitation: TeamInvitationInfo,
  { t, formatDate }: HandlerI18n,
): string {
  return t("teamInvitations.describe", {
    email: invitation.recipientEmail ?? t("teamInvitations.unknownAddress"),
    date: formatDate(invitation.expiresAt, { dateStyle: "medium" }),
  });
}

export function TeamInvitations({
  team,
  canList,
  canRevoke,
}: {
  team: ClientTeamHandle;
  canList: boolean;
  canRevoke: boolean;
}) {
  const { classNames } = useHandlerOptions();
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const [invitations, setInvitations] = useState<TeamInvitationInfo[] | null>(null);
  // As thrown, with the text for a failure that says nothing: shown in the pages' language.
  const [error, setError] = useState<{ caught: unknown; fallback: MessageKey } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!canList) return;
    try {
      setInvitations(await team.listInvitations());
    } catch (caught) {
      setError({ caught, fallback: "teamInvitations.notLoaded" });
    }
  }, [team, canList]);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (invitation: TeamInvitationInfo) => {
    setBusyId(invitation.id);
    setError(null);
    setNotice(null);
    try {
      await team.revokeInvitation(invitation.id);
      await load();
      setNotice(
        invitation.recipientEmail === null
          ? t("teamInvitations.revokedUnknown")
          : t("teamInvitations.revoked", { email: invitation.recipientEmail }),
      );
    } catch (caught) {
      setError({ caught, fallback: "teamInvitations.notRevoked" });
    } finally {
      setBusyId(null);
    }
  };

  const invited = async (to: string) => {
    setNotice(null);
    await load();
    setNotice(t("teamInvitations.sent", { email: to }));
  };

  return (
    <SettingsSection
      title={t("teamInvitations.title", { team: team.displayName })}
      level={3}
      // Revoking disables the focused button, then takes it away with its row.
      view={busyId !== null ? "revoking" : (notice ?? undefined)}
    >
      <FormAlert message={error ? errorText(error.caught, error.fallback) : null} />
      {!canList ? null : invitations === null ? (
        error ? null : (
          <StatusText>{t("teamInvitations.loading")}</StatusText>
        )
      ) : invitations.length === 0 ? (
        <p className={classNames.text}>{t("teamInvitations.none")}</p>
      ) : (
        <ul className={classNames.list}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={classNames.listItem}>
              <span className={classNames.text}>{describeInvitation(invitation, i18n)}</span>
              {canRevoke ? (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={
                    invitation.recipientEmail === null
                      ? t("teamInvitations.revokeUnknown")
                      : t("teamInvitations.revokeNamed", { email: invitation.recipientEmail })
                  }
                  onClick={() => void revoke(invitation)}
                >
                  {busyId === invitation.id
                    ? t("teamInvitations.revoking")
                    : t("teamInvitations.revoke")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
      <InviteForm team={team} onInvited={invited} />
    </SettingsSection>
  );
}

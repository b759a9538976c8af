/**
 * @module
 * A team's invitations (contract §2.9): inviting someone by e-mail (needs `$invite_members`; the
 * link leads to /handler/team-invitation), the pending invitations (listing needs
 * `$read_members` and `$invite_members`) and revoking one (needs `$remove_members`).
 */
import type { ClientTeamHandle, TeamInvitationInfo } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { isEmailLike } from "../../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";
import { SettingsSection } from "../settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

function InviteForm({
  team,
  onInvited,
}: {
  team: ClientTeamHandle;
  onInvited: (to: string) => Promise<void>;
}) {
  const { urls, classNames } = useHandlerOptions();
  const form = useFormState<"email">();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const email = String(new FormData(element).get("email") ?? "").trim();
    if (!isEmailLike(email)) {
      return form.fail({ fields: { email: "Please enter a valid e-mail address." } });
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
        label={`Invite to ${team.displayName} (e-mail)`}
        name="email"
        type="email"
        autoComplete="off"
        error={form.fieldErrors.email}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel="Inviting...">
        Send invitation
      </SubmitButton>
    </form>
  );
}

function describeInvitation(invitation: TeamInvitationInfo): string {
  return `${invitation.recipientEmail ?? "Unknown address"} (expires ${dateFormat.format(invitation.expiresAt)})`;
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
  const [invitations, setInvitations] = useState<TeamInvitationInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!canList) return;
    try {
      setInvitations(await team.listInvitations());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The invitations could not be loaded.");
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
        `The invitation to ${invitation.recipientEmail ?? "that address"} has been revoked.`,
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The invitation could not be revoked.");
    } finally {
      setBusyId(null);
    }
  };

  const invited = async (to: string) => {
    setNotice(null);
    await load();
    setNotice(`An invitation has been sent to ${to}.`);
  };

  return (
    <SettingsSection
      title={`Invitations to ${team.displayName}`}
      level={3}
      // Revoking disables the focused button, then takes it away with its row.
      view={busyId !== null ? "revoking" : (notice ?? undefined)}
    >
      <FormAlert message={error} />
      {!canList ? null : invitations === null ? (
        error ? null : (
          <StatusText>Loading the invitations...</StatusText>
        )
      ) : invitations.length === 0 ? (
        <p className={classNames.text}>No invitation is waiting for an answer.</p>
      ) : (
        <ul className={classNames.list}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={classNames.listItem}>
              <span className={classNames.text}>{describeInvitation(invitation)}</span>
              {canRevoke ? (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={`Revoke the invitation to ${invitation.recipientEmail ?? "this address"}`}
                  onClick={() => void revoke(invitation)}
                >
                  {busyId === invitation.id ? "Revoking..." : "Revoke"}
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

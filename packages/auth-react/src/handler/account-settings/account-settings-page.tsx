/**
 * @module
 * /handler/account-settings: the signed-in user's profile, e-mail addresses, password, two-factor
 * authentication, passkey (if the project allows), sessions, teams and API keys (if allowed), one
 * section each. A signed-out visitor is sent to sign-in and brought back here afterwards.
 */
import type { AuthUser } from "@heritage/auth-client";
import { useEffect } from "react";
import { useAuth } from "../../hooks/use-auth";
import { returnToParam, useHandlerOptions, useI18n } from "../handler-options";
import { HandlerCard, StatusText } from "../handler-ui";
import { useTeamCalls } from "../team-access";
import { useProject } from "../use-project";
import { ApiKeysSection } from "./api-keys-section";
import { EmailsSection } from "./emails-section";
import { MfaSection } from "./mfa-section";
import { PasskeySection } from "./passkey-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { TeamsSection } from "./teams/teams-section";

export function AccountSettingsPage() {
  const { urls, navigate } = useHandlerOptions();
  const { t } = useI18n();
  const { status, user } = useAuth<AuthUser>();
  const project = useProject();
  const teams = useTeamCalls();
  // Sections that depend on the project's config wait for it; the others show at once.
  const config = project.status === "ready" ? project.project : null;
  const signInUrl = `${urls.handler}/sign-in?${returnToParam}=${encodeURIComponent(
    `${urls.handler}/account-settings`,
  )}`;

  useEffect(() => {
    if (status === "signed-out") navigate(signInUrl, { replace: true });
  }, [status, signInUrl, navigate]);

  if (status !== "signed-in" || user === null) {
    return (
      <HandlerCard title={t("account.title")}>
        <StatusText>
          {status === "loading"
            ? t("common.loading")
            : status === "error"
              ? t("account.notLoaded")
              : t("account.redirecting")}
        </StatusText>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={t("account.title")}>
      <ProfileSection user={user} />
      <EmailsSection />
      <PasswordSection user={user} />
      <MfaSection user={user} projectName={config?.displayName ?? t("account.defaultIssuer")} />
      {config?.config.passkeyEnabled ? <PasskeySection user={user} /> : null}
      <SessionsSection />
      {teams ? (
        <TeamsSection
          teams={teams}
          canCreate={config?.config.clientTeamCreationEnabled ?? false}
          allowTeamApiKeys={config?.config.allowTeamApiKeys ?? false}
        />
      ) : null}
      {config?.config.allowUserApiKeys ? <ApiKeysSection /> : null}
    </HandlerCard>
  );
}

/**
 * @module
 * A team's API keys (contract §2.12; shown when the project allows team keys and the user holds
 * `$manage_api_keys`): the same list, creation and revoking as the user's own keys.
 */
import type { ApiKeyCalls, ApiKeyCreation, ClientTeamHandle } from "@heritage/auth-client";
import { useCallback, useState } from "react";
import { useI18n } from "../../handler-options";
import { ApiKeysManager } from "../api-keys-manager";
import { SettingsSection } from "../settings-section";

export function TeamApiKeys({ team, calls }: { team: ClientTeamHandle; calls: ApiKeyCalls }) {
  const { t } = useI18n();
  const [view, setView] = useState<string | undefined>(undefined);
  const listKeys = useCallback(() => calls.listTeamApiKeys(team.id), [calls, team.id]);
  const createKey = useCallback(
    (creation: ApiKeyCreation) => calls.createTeamApiKey(team.id, creation),
    [calls, team.id],
  );
  return (
    <SettingsSection
      title={t("apiKeys.teamTitle", { team: team.displayName })}
      level={3}
      view={view}
    >
      <ApiKeysManager
        listKeys={listKeys}
        createKey={createKey}
        emptyText="apiKeys.teamNone"
        onViewChange={setView}
      />
    </SettingsSection>
  );
}

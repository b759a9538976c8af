/**
 * @module
 * Account settings, API keys (contract §2.12), shown when the project allows user keys: the
 * user's own keys (list, create shown once with a copy button, revoke; see api-keys-manager).
 */
import { useCallback, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useI18n } from "../handler-options";
import { ApiKeysManager } from "./api-keys-manager";
import { SettingsSection } from "./settings-section";

export function ApiKeysSection() {
  const { t } = useI18n();
  const { app } = useAuth();
  const [view, setView] = useState<string | undefined>(undefined);
  const listKeys = useCallback(() => app.listApiKeys(), [app]);
  const createKey = useCallback(
    (creation: Parameters<typeof app.createApiKey>[0]) => app.createApiKey(creation),
    [app],
  );
  return (
    <SettingsSection title={t("apiKeys.title")} view={view}>
      <ApiKeysManager
        listKeys={listKeys}
        createKey={createKey}
        emptyText="apiKeys.none"
        onViewChange={setView}
      />
    </SettingsSection>
  );
}

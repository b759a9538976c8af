/**
 * @module
 * One team in the teams section: its name, whether it is the user's current (selected) team or a
 * button that makes it so, leaving it, and a button that opens what the user can do in it.
 */
import type { ClientTeamHandle } from "@heritage/auth-client";
import { useId, useState } from "react";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { TeamPanel, type TeamPanelProps } from "./team-panel";

export function TeamRow({
  team,
  isSelected,
  busy,
  onSelect,
  onLeave,
  panel,
}: {
  team: ClientTeamHandle;
  isSelected: boolean;
  /** An action of the section is running: its buttons wait. */
  busy: boolean;
  onSelect: () => void;
  onLeave: () => void;
  panel: Omit<TeamPanelProps, "id" | "team">;
}) {
  const { classNames } = useHandlerOptions();
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={classNames.listItem}>
      <span className={classNames.text}>
        <strong>{team.displayName}</strong>
        {isSelected ? ` ${t("teams.currentMark")}` : ""}
      </span>
      {isSelected ? null : (
        <button
          type="button"
          className={classNames.secondaryButton}
          disabled={busy}
          aria-label={t("teams.selectNamed", { team: team.displayName })}
          onClick={onSelect}
        >
          {t("teams.select")}
        </button>
      )}
      <button
        type="button"
        className={classNames.secondaryButton}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-label={t("teams.manageNamed", { team: team.displayName })}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t("teams.manage")}
      </button>
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={busy}
        aria-label={t("teams.leaveNamed", { team: team.displayName })}
        onClick={onLeave}
      >
        {t("teams.leave")}
      </button>
      {isOpen ? <TeamPanel id={panelId} team={team} {...panel} /> : null}
    </li>
  );
}

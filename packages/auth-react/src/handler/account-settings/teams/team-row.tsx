/**
 * @module
 * One team in the teams section: its name, whether it is the user's current (selected) team or a
 * button that makes it so, leaving it, and a button that opens what the user can do in it.
 */
import type { ClientTeamHandle } from "@heritage/auth-client";
import { useId, useState } from "react";
import { useHandlerOptions } from "../../handler-options";
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
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={classNames.listItem}>
      <span className={classNames.text}>
        <strong>{team.displayName}</strong>
        {isSelected ? " (current team)" : ""}
      </span>
      {isSelected ? null : (
        <button
          type="button"
          className={classNames.secondaryButton}
          disabled={busy}
          aria-label={`Select ${team.displayName} as your current team`}
          onClick={onSelect}
        >
          Select
        </button>
      )}
      <button
        type="button"
        className={classNames.secondaryButton}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-label={`Manage ${team.displayName}`}
        onClick={() => setIsOpen((open) => !open)}
      >
        Manage
      </button>
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={busy}
        aria-label={`Leave ${team.displayName}`}
        onClick={onLeave}
      >
        Leave
      </button>
      {isOpen ? <TeamPanel id={panelId} team={team} {...panel} /> : null}
    </li>
  );
}

/**
 * @module
 * Deleting a team (`DELETE /teams/{id}`, needs `$delete_team`), after a confirmation that names
 * the team. The question takes the focus when it appears, and Cancel hands it back to the button
 * that asked, so a keyboard user never starts over from the top of the page.
 */
import type { ClientTeamHandle } from "@heritage/auth-client";
import { useEffect, useRef, useState } from "react";
import { useHandlerOptions } from "../../handler-options";
import { FormAlert } from "../../handler-ui";

export function TeamDelete({
  team,
  onDeleted,
}: {
  team: ClientTeamHandle;
  onDeleted: (name: string) => Promise<void>;
}) {
  const { classNames } = useHandlerOptions();
  const [step, setStep] = useState<"idle" | "confirming" | "deleting">("idle");
  const [error, setError] = useState<string | null>(null);
  const questionRef = useRef<HTMLParagraphElement | null>(null);
  const askRef = useRef<HTMLButtonElement | null>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    const previous = shownStep.current;
    shownStep.current = step;
    // Asked, or a failed delete (its busy button was disabled): the question takes the focus.
    if (step === "confirming" && previous !== "confirming") questionRef.current?.focus();
    if (previous === "confirming" && step === "idle") askRef.current?.focus();
  }, [step]);

  const confirm = async () => {
    setStep("deleting");
    setError(null);
    try {
      await team.delete();
      await onDeleted(team.displayName);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The team could not be deleted.");
      setStep("confirming");
    }
  };

  if (step === "idle") {
    return (
      <button
        ref={askRef}
        type="button"
        className={classNames.secondaryButton}
        aria-label={`Delete ${team.displayName}`}
        onClick={() => {
          setError(null);
          setStep("confirming");
        }}
      >
        Delete
      </button>
    );
  }
  return (
    <div>
      <FormAlert message={error} />
      <p ref={questionRef} tabIndex={-1} className={classNames.text}>
        Delete {team.displayName} for every member? Its invitations and API keys go with it. This
        cannot be undone.
      </p>
      <button
        type="button"
        className={classNames.button}
        disabled={step === "deleting"}
        aria-busy={step === "deleting" || undefined}
        onClick={() => void confirm()}
      >
        {step === "deleting" ? "Deleting..." : `Yes, delete ${team.displayName}`}
      </button>
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={step === "deleting"}
        onClick={() => setStep("idle")}
      >
        Cancel
      </button>
    </div>
  );
}

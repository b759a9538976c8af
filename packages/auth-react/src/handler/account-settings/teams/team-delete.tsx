/**
 * @module
 * Deleting a team (`DELETE /teams/{id}`, needs `$delete_team`), after a confirmation that names
 * the team. The question takes the focus when it appears, and Cancel hands it back to the button
 * that asked, so a keyboard user never starts over from the top of the page.
 */
import type { ClientTeamHandle } from "@heritage/auth-client";
import { useEffect, useRef, useState } from "react";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { FormAlert } from "../../handler-ui";

export function TeamDelete({
  team,
  onDeleted,
}: {
  team: ClientTeamHandle;
  onDeleted: (name: string) => Promise<void>;
}) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
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
      setError(errorText(caught, "teamDelete.failed"));
      setStep("confirming");
    }
  };

  if (step === "idle") {
    return (
      <button
        ref={askRef}
        type="button"
        className={classNames.secondaryButton}
        aria-label={t("teamDelete.deleteNamed", { team: team.displayName })}
        onClick={() => {
          setError(null);
          setStep("confirming");
        }}
      >
        {t("teamDelete.delete")}
      </button>
    );
  }
  return (
    <div>
      <FormAlert message={error} />
      <p ref={questionRef} tabIndex={-1} className={classNames.text}>
        {t("teamDelete.question", { team: team.displayName })}
      </p>
      <button
        type="button"
        className={classNames.button}
        disabled={step === "deleting"}
        aria-busy={step === "deleting" || undefined}
        onClick={() => void confirm()}
      >
        {step === "deleting"
          ? t("teamDelete.deleting")
          : t("teamDelete.confirm", { team: team.displayName })}
      </button>
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={step === "deleting"}
        onClick={() => setStep("idle")}
      >
        {t("common.cancel")}
      </button>
    </div>
  );
}

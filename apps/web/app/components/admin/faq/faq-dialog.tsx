/**
 * @module
 * The FAQ dialog (site spec, section 2): "Add New FAQ" or "Edit FAQ", tabs English, Deutsch,
 * Bosanski with a question and a 4-row answer each, Cancel and Save ("Saving..." while busy).
 * No client-side rules (spec section 5); a refused save keeps the form and says why.
 */
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type ContentClient, errorMessage, type FaqRow } from "../../../lib/content-client";
import { AdminDialog } from "../common/admin-dialog";
import { adminButton } from "../common/admin-styles";
import { AdminTabs } from "../common/admin-tabs";
import { TextAreaField, TextField } from "../common/form-fields";
import { adminLanguages } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";

const faqFieldNames = [
  "question",
  "answer",
  "question_de",
  "answer_de",
  "question_bs",
  "answer_bs",
] as const;
type FaqFormValues = Record<(typeof faqFieldNames)[number], string>;

function faqToValues(faq: FaqRow | null): FaqFormValues {
  return Object.fromEntries(
    faqFieldNames.map((name) => [name, faq?.[name] ?? ""]),
  ) as FaqFormValues;
}

export function FaqDialog({
  open,
  onOpenChange,
  faq,
  client,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  faq: FaqRow | null;
  client: ContentClient;
  onSaved: (faq: FaqRow, change: "added" | "updated") => void;
}) {
  const { register, reset, handleSubmit } = useForm<FaqFormValues>({
    defaultValues: faqToValues(null),
  });
  const [tab, setTab] = useState("en");
  const [isSaving, setIsSaving] = useState(false);
  const isSavingRef = useRef(false);

  useEffect(() => {
    if (!open) return;
    reset(faqToValues(faq));
    setTab("en");
  }, [open, faq, reset]);

  const save = handleSubmit(async (values) => {
    if (isSavingRef.current) return;
    isSavingRef.current = true;
    setIsSaving(true);
    try {
      const saved = faq
        ? await client.updateFaq({ ...values, id: faq.id })
        : await client.createFaq(values);
      onSaved(saved, faq ? "updated" : "added");
      noticeSuccess(faq ? "FAQ updated successfully" : "FAQ added successfully");
      onOpenChange(false);
    } catch (error) {
      noticeError("Failed to save FAQ", errorMessage(error));
    } finally {
      isSavingRef.current = false;
      setIsSaving(false);
    }
  });

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && isSaving) return;
        onOpenChange(next);
      }}
      title={faq ? "Edit FAQ" : "Add New FAQ"}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <AdminTabs
          label="FAQ language"
          value={tab}
          onValueChange={setTab}
          tabs={adminLanguages.map((language) => ({
            value: language.code,
            label: language.tabLabel,
            content: (
              <div>
                <TextField
                  label={`Question (${language.englishName})`}
                  registration={register(`question${language.suffix}`)}
                />
                <TextAreaField
                  label={`Answer (${language.englishName})`}
                  rows={4}
                  registration={register(`answer${language.suffix}`)}
                />
              </div>
            ),
          }))}
        />
        <div className="mt-6 flex justify-end gap-3 border-t border-gray-200 pt-4">
          <button
            type="button"
            className={adminButton("outline")}
            disabled={isSaving}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button type="submit" className={adminButton("primary")} disabled={isSaving}>
            {isSaving ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}

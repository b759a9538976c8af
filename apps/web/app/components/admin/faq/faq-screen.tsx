/**
 * @module
 * /admin/faq (site spec, section 2): "Manage FAQ", the list (Question with the first 30
 * characters of the German and Bosnian questions, Answer as its first 50 characters opening a
 * popover with all three languages, Actions), the dialog and the delete confirmation.
 */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { Popover } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { errorMessage, type FaqRow } from "../../../lib/content-client";
import { adminButton, cellClass, headCellClass, tableClass } from "../common/admin-styles";
import { ConfirmDialog } from "../common/confirm-dialog";
import { adminLanguages } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { EmptyState, ErrorState, LoadingState } from "../common/screen-states";
import { useContentClient } from "../common/use-content-client";
import { FaqDialog } from "./faq-dialog";

/** Spec section 9: list previews show 30 characters of a question and 50 of an answer. */
export const QUESTION_PREVIEW_LENGTH = 30;
export const ANSWER_PREVIEW_LENGTH = 50;

export function preview(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

const [english, german, bosnian] = adminLanguages;

function AnswerPopover({ faq }: { faq: FaqRow }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        className="text-left text-(--color-heritage-800) underline decoration-dotted underline-offset-4 hover:text-(--color-heritage-900)"
        aria-label={`Answer: ${preview(faq.answer, ANSWER_PREVIEW_LENGTH)} (show all languages)`}
      >
        {preview(faq.answer, ANSWER_PREVIEW_LENGTH)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          className="z-50 max-h-96 w-96 max-w-[90vw] overflow-y-auto rounded-lg border border-gray-200 bg-white p-4 text-sm shadow-lg"
        >
          <dl className="space-y-3">
            {[
              { language: english, text: faq.answer },
              { language: german, text: faq.answer_de },
              { language: bosnian, text: faq.answer_bs },
            ].map(({ language, text }) =>
              language ? (
                <div key={language.code}>
                  <dt className="font-semibold">
                    <span aria-hidden="true">{language.flag}</span> {language.englishName}
                  </dt>
                  <dd className="whitespace-pre-line text-gray-800">{text || "—"}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export function FaqScreen() {
  const client = useContentClient();
  const [faqs, setFaqs] = useState<FaqRow[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; faq: FaqRow | null }>({
    open: false,
    faq: null,
  });
  const [toDelete, setToDelete] = useState<FaqRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      setFaqs(await client.listFaqs());
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
      noticeError("Failed to load FAQ data", errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirmDelete() {
    if (!toDelete || isDeleting) return;
    setIsDeleting(true);
    try {
      await client.deleteFaq(toDelete.id);
      setFaqs((current) => current.filter((faq) => faq.id !== toDelete.id));
      noticeSuccess("Success", "FAQ deleted successfully");
      setToDelete(null);
    } catch (error) {
      noticeError("Error", `Failed to delete FAQ: ${errorMessage(error)}`);
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Manage FAQ</h1>
        <button
          type="button"
          className={adminButton("primary")}
          onClick={() => setDialog({ open: true, faq: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add New FAQ
        </button>
      </div>

      {isLoading ? (
        <LoadingState label="Loading FAQ items..." />
      ) : loadError ? (
        <ErrorState text={`Failed to load FAQ data: ${loadError}`} />
      ) : faqs.length === 0 ? (
        <EmptyState text="No FAQ items found. Add your first FAQ above." />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headCellClass}>
                  Question
                </th>
                <th scope="col" className={headCellClass}>
                  Answer
                </th>
                <th scope="col" className={headCellClass}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {faqs.map((faq) => (
                <tr key={faq.id}>
                  <td className={cellClass}>
                    <div className="font-semibold">{faq.question}</div>
                    {[
                      { language: german, text: faq.question_de },
                      { language: bosnian, text: faq.question_bs },
                    ].map(({ language, text }) =>
                      language && text ? (
                        <div key={language.code} className="text-xs text-gray-700">
                          <span role="img" aria-label={language.englishName}>
                            {language.flag}
                          </span>{" "}
                          {preview(text, QUESTION_PREVIEW_LENGTH)}
                        </div>
                      ) : null,
                    )}
                  </td>
                  <td className={cellClass}>
                    <AnswerPopover faq={faq} />
                  </td>
                  <td className={cellClass}>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={adminButton("outline")}
                        aria-label={`Edit ${faq.question}`}
                        onClick={() => setDialog({ open: true, faq })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </button>
                      <button
                        type="button"
                        className={adminButton("danger")}
                        aria-label={`Delete ${faq.question}`}
                        onClick={() => setToDelete(faq)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <FaqDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        faq={dialog.faq}
        client={client}
        onSaved={(saved, change) =>
          setFaqs((current) =>
            change === "added"
              ? [saved, ...current]
              : current.map((faq) => (faq.id === saved.id ? saved : faq)),
          )
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setToDelete(null);
        }}
        question="Are you sure you want to delete this FAQ item?"
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

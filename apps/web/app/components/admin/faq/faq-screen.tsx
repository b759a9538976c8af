/**
 * @module
 * /admin/faq (site spec, section 2): "Manage FAQ", the list (Question with the first 30
 * characters of the German and Bosnian questions, Answer as its first 50 characters opening a
 * popover with all three languages, Actions), the dialog and the delete confirmation.
 */
import { Plus } from "lucide-react";
import { Popover } from "radix-ui";
import { useCallback, useState } from "react";
import {
  ContentClientError,
  type FaqRow,
  faqRowSchema,
} from "../../../lib/content-api/content-client";
import { adminButton } from "../common/admin-styles";
import {
  AdminTable,
  EditDeleteActions,
  useAdminRows,
  useConfirmedDelete,
} from "../common/admin-table";
import { ConfirmDialog } from "../common/confirm-dialog";
import { adminLanguages, languageName } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { HistoryDialog } from "../history/history-dialog";
import { useAdminI18n } from "../shell/admin-language";
import { useRequestedEdit } from "../translations/use-requested-edit";
import { FaqDialog } from "./faq-dialog";

/** Spec section 9: list previews show 30 characters of a question and 50 of an answer. */
export const QUESTION_PREVIEW_LENGTH = 30;
export const ANSWER_PREVIEW_LENGTH = 50;

export function preview(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

const [english, german, bosnian] = adminLanguages;

function AnswerPopover({ faq }: { faq: FaqRow }) {
  const { t } = useAdminI18n();
  return (
    <Popover.Root>
      <Popover.Trigger
        className="text-left text-(--color-heritage-800) underline decoration-dotted underline-offset-4 hover:text-(--color-heritage-900)"
        aria-label={t("faq.answerLabel", { preview: preview(faq.answer, ANSWER_PREVIEW_LENGTH) })}
      >
        {preview(faq.answer, ANSWER_PREVIEW_LENGTH)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          // Radix gives the popover the dialog role; a dialog needs a name (axe: aria-dialog-name).
          aria-label={t("faq.answerAll")}
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
                    <span aria-hidden="true">{language.flag}</span> {languageName(language.code, t)}
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
  const { t } = useAdminI18n();
  const loadFaqs = useCallback(() => client.listFaqs(), [client]);
  const {
    rows: faqs,
    setRows: setFaqs,
    isLoading,
    loadError,
  } = useAdminRows(loadFaqs, (message) => noticeError(t("faq.loadFailedTitle"), message));
  const [dialog, setDialog] = useState<{ open: boolean; faq: FaqRow | null; tab?: string }>({
    open: false,
    faq: null,
  });
  // The dashboard's "What needs translating" links here with ?edit={id}&language=de.
  useRequestedEdit(
    faqs,
    isLoading,
    useCallback((faq: FaqRow, tab: string) => setDialog({ open: true, faq, tab }), []),
  );
  const [history, setHistory] = useState<{ open: boolean; faq: FaqRow | null }>({
    open: false,
    faq: null,
  });
  const { askToDelete, confirmDialogProps } = useConfirmedDelete(async (toDelete: FaqRow) => {
    try {
      // With the version shown, so a colleague's newer save is not deleted unseen.
      await client.deleteFaq(toDelete.id, toDelete.version);
      setFaqs((current) => current.filter((faq) => faq.id !== toDelete.id));
      noticeSuccess(t("common.successTitle"), t("faq.deleted"));
      return true;
    } catch (error) {
      // Spec section 8, word for word: "Error / Failed to delete FAQ"; a colleague's newer save
      // (issue 29) says so instead.
      noticeError(
        t("common.errorTitle"),
        error instanceof ContentClientError && error.conflict
          ? error.message
          : t("faq.deleteFailed"),
      );
      return false;
    }
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t("faq.title")}</h1>
        <button
          type="button"
          className={adminButton("primary")}
          onClick={() => setDialog({ open: true, faq: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("faq.add")}
        </button>
      </div>

      <AdminTable
        rows={faqs}
        rowKey={(faq) => faq.id}
        isLoading={isLoading}
        loadingLabel={t("faq.loading")}
        loadError={loadError}
        errorText={(message) => t("faq.loadFailed", { message })}
        emptyText={t("faq.empty")}
        columns={[
          {
            header: t("faq.column.question"),
            cell: (faq) => (
              <>
                <div className="font-semibold">{faq.question}</div>
                {[
                  { language: german, text: faq.question_de },
                  { language: bosnian, text: faq.question_bs },
                ].map(({ language, text }) =>
                  language && text ? (
                    <div key={language.code} className="text-xs text-gray-700">
                      <span role="img" aria-label={languageName(language.code, t)}>
                        {language.flag}
                      </span>{" "}
                      {preview(text, QUESTION_PREVIEW_LENGTH)}
                    </div>
                  ) : null,
                )}
              </>
            ),
          },
          { header: t("faq.column.answer"), cell: (faq) => <AnswerPopover faq={faq} /> },
          {
            header: t("faq.column.actions"),
            pinned: true,
            cell: (faq) => (
              <EditDeleteActions
                name={faq.question}
                onEdit={() => setDialog({ open: true, faq })}
                onDelete={() => askToDelete(faq)}
                onHistory={() => setHistory({ open: true, faq })}
              />
            ),
          },
        ]}
      />

      <FaqDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        faq={dialog.faq}
        openTab={dialog.tab}
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
        {...confirmDialogProps}
        question={t("faq.deleteQuestion")}
        description={t("faq.deleteTrash")}
      />
      <HistoryDialog
        open={history.open}
        onOpenChange={(open) => setHistory((current) => ({ ...current, open }))}
        client={client}
        table="faqs"
        item={
          history.faq
            ? { id: history.faq.id, name: history.faq.question, version: history.faq.version }
            : null
        }
        onRestored={(row) => {
          const restored = faqRowSchema.parse(row);
          setFaqs((current) => current.map((faq) => (faq.id === restored.id ? restored : faq)));
        }}
      />
    </div>
  );
}

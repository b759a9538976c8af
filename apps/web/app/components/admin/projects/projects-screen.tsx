/**
 * @module
 * /admin/projects (site spec, section 2): the project table (Image, Title with the German and
 * Bosnian titles beneath, Category, Description, Actions), the add/edit dialog and the delete
 * confirmation, with the notices of section 8.
 */
import { Plus } from "lucide-react";
import { useCallback, useState } from "react";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { adminEnglish } from "../../../i18n/admin/translator";
import {
  type CategoryRow,
  errorMessage,
  type ProjectRow,
  projectRowSchema,
} from "../../../lib/content-api/content-client";
import { adminButton } from "../common/admin-styles";
import {
  AdminTable,
  EditDeleteActions,
  useAdminRows,
  useConfirmedDelete,
} from "../common/admin-table";
import { ConfirmDialog } from "../common/confirm-dialog";
import { noticeError, noticeSuccess } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { HistoryDialog } from "../history/history-dialog";
import { useAdminI18n } from "../shell/admin-language";
import { useRequestedEdit } from "../translations/use-requested-edit";
import { BrokenImagesFlag, brokenImages, useImageProblems } from "./image-checks";
import { ProjectDialog } from "./project-dialog";

/**
 * What deleting a project does, its images included (issue 33, item 8). Served by the site, a
 * trashed project's images answer "not found" to visitors at once; from a public bucket
 * (S3_PUBLIC_URL) the site cannot withhold them, so the dialog does not promise it.
 */
export function projectDeleteWarning(
  mediaInPublicBucket: boolean,
  t: AdminTranslator["t"] = adminEnglish.t,
): string {
  const images = mediaInPublicBucket
    ? t("projects.deletePublicBucket")
    : t("projects.deleteHidden");
  return `${t("projects.deleteTrash")} ${images}`;
}

function truncate(text: string, length: number) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export function ProjectsScreen({
  mediaInPublicBucket = false,
}: {
  /** Uploads are served straight from a public bucket: the site cannot hide them. */
  mediaInPublicBucket?: boolean;
}) {
  const client = useContentClient();
  const { t } = useAdminI18n();
  const [categories, setCategories] = useState<CategoryRow[]>([]);
  const loadProjects = useCallback(async () => {
    const [categoryRows, projectRows] = await Promise.all([
      client.listCategories(),
      client.listProjects(),
    ]);
    setCategories(categoryRows.filter((category) => category.id !== "all"));
    return projectRows;
  }, [client]);
  const {
    rows: projects,
    setRows: setProjects,
    isLoading,
    loadError,
  } = useAdminRows(loadProjects, (message) => noticeError(t("projects.loadFailedTitle"), message));
  const [dialog, setDialog] = useState<{
    open: boolean;
    project: ProjectRow | null;
    tab?: string;
  }>({
    open: false,
    project: null,
  });
  // The dashboard's "What needs translating" links here with ?edit={id}&language=de.
  useRequestedEdit(
    projects,
    isLoading,
    useCallback((project: ProjectRow, tab: string) => setDialog({ open: true, project, tab }), []),
  );
  const [history, setHistory] = useState<{ open: boolean; project: ProjectRow | null }>({
    open: false,
    project: null,
  });
  const { askToDelete, confirmDialogProps } = useConfirmedDelete(async (toDelete: ProjectRow) => {
    try {
      // With the version shown, so a colleague's newer save is not deleted unseen.
      await client.deleteProject(toDelete.id, toDelete.version);
      setProjects((current) => current.filter((project) => project.id !== toDelete.id));
      noticeSuccess(t("projects.deleted"));
      return true;
    } catch (error) {
      noticeError(t("projects.deleteFailed"), errorMessage(error));
      return false;
    }
  });

  function replaceProject(saved: ProjectRow, change: "added" | "updated") {
    setProjects((current) =>
      change === "added"
        ? [saved, ...current]
        : current.map((project) => (project.id === saved.id ? saved : project)),
    );
  }

  // Projects whose image addresses would show visitors a broken image (issue 19, defect 9).
  const imageProblems = useImageProblems(client, projects);
  const brokenLabels = (project: ProjectRow) =>
    brokenImages(project, imageProblems, t).map((entry) => entry.label);

  const categoryName = (id: string) =>
    categories.find((category) => category.id === id)?.name ?? id;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t("projects.title")}</h1>
        <button
          type="button"
          className={adminButton("primary")}
          onClick={() => setDialog({ open: true, project: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("projects.add")}
        </button>
      </div>

      <AdminTable
        rows={projects}
        rowKey={(project) => project.id}
        isLoading={isLoading}
        loadingLabel={t("projects.loading")}
        loadError={loadError}
        errorText={(message) => t("projects.loadFailed", { message })}
        emptyText={t("projects.empty")}
        columns={[
          {
            header: t("projects.column.image"),
            cell: (project) => (
              <>
                {project.image ? (
                  <img
                    src={project.image}
                    alt={project.title}
                    width={80}
                    height={52}
                    loading="lazy"
                    className="h-13 w-20 rounded object-cover"
                  />
                ) : (
                  <span className="text-gray-600">{t("common.noImage")}</span>
                )}
                <BrokenImagesFlag labels={brokenLabels(project)} />
              </>
            ),
          },
          {
            header: t("projects.column.title"),
            cell: (project) => (
              <>
                <div className="font-semibold">{project.title}</div>
                {project.title_de ? (
                  <div className="text-xs text-gray-600">DE: {project.title_de}</div>
                ) : null}
                {project.title_bs ? (
                  <div className="text-xs text-gray-600">BS: {project.title_bs}</div>
                ) : null}
              </>
            ),
          },
          {
            header: t("projects.column.category"),
            cell: (project) => categoryName(project.category),
          },
          {
            header: t("projects.column.description"),
            cell: (project) => truncate(project.description, 100),
          },
          {
            header: t("projects.column.actions"),
            pinned: true,
            cell: (project) => (
              <EditDeleteActions
                name={project.title}
                onEdit={() => setDialog({ open: true, project })}
                onDelete={() => askToDelete(project)}
                onHistory={() => setHistory({ open: true, project })}
              />
            ),
          },
        ]}
      />

      <ProjectDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        project={dialog.project}
        openTab={dialog.tab}
        categories={categories}
        client={client}
        onSaved={replaceProject}
      />
      <ConfirmDialog
        {...confirmDialogProps}
        question={t("projects.deleteQuestion")}
        description={projectDeleteWarning(mediaInPublicBucket, t)}
      />
      <HistoryDialog
        open={history.open}
        onOpenChange={(open) => setHistory((current) => ({ ...current, open }))}
        client={client}
        table="projects"
        item={
          history.project
            ? {
                id: history.project.id,
                name: history.project.title,
                version: history.project.version,
              }
            : null
        }
        onRestored={(row) => replaceProject(projectRowSchema.parse(row), "updated")}
      />
    </div>
  );
}

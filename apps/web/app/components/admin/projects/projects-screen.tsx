/**
 * @module
 * /admin/projects (site spec, section 2): the project table (Image, Title with the German and
 * Bosnian titles beneath, Category, Description, Actions), the add/edit dialog and the delete
 * confirmation, with the notices of section 8.
 */
import { Plus } from "lucide-react";
import { useCallback, useState } from "react";
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
import { useRequestedEdit } from "../translations/use-requested-edit";
import { BrokenImagesFlag, brokenImages, useImageProblems } from "./image-checks";
import { ProjectDialog } from "./project-dialog";

/**
 * What deleting a project does, its images included (issue 33, item 8). Served by the site, a
 * trashed project's images answer "not found" to visitors at once; from a public bucket
 * (S3_PUBLIC_URL) the site cannot withhold them, so the dialog does not promise it.
 */
export function projectDeleteWarning(mediaInPublicBucket: boolean): string {
  const trash =
    "The project goes to the trash, where it can be restored for 30 days (or as long as your site is set to keep it).";
  return mediaInPublicBucket
    ? `${trash} Its images are deleted for good when it leaves the trash, unless other content uses them; until then, anyone who has an image's address can still open it (your site keeps images in a public bucket).`
    : `${trash} Its images are hidden from visitors at once and deleted for good when it leaves the trash, unless other content uses them.`;
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
  } = useAdminRows(loadProjects, (message) =>
    noticeError("Failed to load data from database", message),
  );
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
      noticeSuccess("Project deleted successfully");
      return true;
    } catch (error) {
      noticeError("Failed to delete project", errorMessage(error));
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
    brokenImages(project, imageProblems).map((entry) => entry.label);

  const categoryName = (id: string) =>
    categories.find((category) => category.id === id)?.name ?? id;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Manage Projects</h1>
        <button
          type="button"
          className={adminButton("primary")}
          onClick={() => setDialog({ open: true, project: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add New Project
        </button>
      </div>

      <AdminTable
        rows={projects}
        rowKey={(project) => project.id}
        isLoading={isLoading}
        loadingLabel="Loading projects..."
        loadError={loadError}
        errorText={(message) => `Failed to load data from database: ${message}`}
        emptyText="No projects found. Add your first project above."
        columns={[
          {
            header: "Image",
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
                  <span className="text-gray-600">No image</span>
                )}
                <BrokenImagesFlag labels={brokenLabels(project)} />
              </>
            ),
          },
          {
            header: "Title",
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
          { header: "Category", cell: (project) => categoryName(project.category) },
          { header: "Description", cell: (project) => truncate(project.description, 100) },
          {
            header: "Actions",
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
        question="Are you sure you want to delete this project?"
        description={projectDeleteWarning(mediaInPublicBucket)}
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

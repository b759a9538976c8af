/**
 * @module
 * /admin/projects (site spec, section 2): the project table (Image, Title with the German and
 * Bosnian titles beneath, Category, Description, Actions), the add/edit dialog and the delete
 * confirmation, with the notices of section 8.
 */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { type CategoryRow, errorMessage, type ProjectRow } from "../../../lib/content-client";
import { adminButton, cellClass, headCellClass, tableClass } from "../common/admin-styles";
import { ConfirmDialog } from "../common/confirm-dialog";
import { noticeError, noticeSuccess } from "../common/notices";
import { EmptyState, ErrorState, LoadingState } from "../common/screen-states";
import { useContentClient } from "../common/use-content-client";
import { ProjectDialog } from "./project-dialog";

function truncate(text: string, length: number) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export function ProjectsScreen() {
  const client = useContentClient();
  const [projects, setProjects] = useState<ProjectRow[]>([]);
  const [categories, setCategories] = useState<CategoryRow[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; project: ProjectRow | null }>({
    open: false,
    project: null,
  });
  const [toDelete, setToDelete] = useState<ProjectRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const [categoryRows, projectRows] = await Promise.all([
        client.listCategories(),
        client.listProjects(),
      ]);
      setCategories(categoryRows.filter((category) => category.id !== "all"));
      setProjects(projectRows);
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
      noticeError("Failed to load data from database", errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  function replaceProject(saved: ProjectRow, change: "added" | "updated") {
    setProjects((current) =>
      change === "added"
        ? [saved, ...current]
        : current.map((project) => (project.id === saved.id ? saved : project)),
    );
  }

  async function confirmDelete() {
    if (!toDelete || isDeleting) return;
    setIsDeleting(true);
    try {
      await client.deleteProject(toDelete.id);
      setProjects((current) => current.filter((project) => project.id !== toDelete.id));
      noticeSuccess("Project deleted successfully");
      setToDelete(null);
    } catch (error) {
      noticeError("Failed to delete project", errorMessage(error));
    } finally {
      setIsDeleting(false);
    }
  }

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

      {isLoading ? (
        <LoadingState label="Loading projects..." />
      ) : loadError ? (
        <ErrorState text={`Failed to load data from database: ${loadError}`} />
      ) : projects.length === 0 ? (
        <EmptyState text="No projects found. Add your first project above." />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headCellClass}>
                  Image
                </th>
                <th scope="col" className={headCellClass}>
                  Title
                </th>
                <th scope="col" className={headCellClass}>
                  Category
                </th>
                <th scope="col" className={headCellClass}>
                  Description
                </th>
                <th scope="col" className={headCellClass}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {projects.map((project) => (
                <tr key={project.id}>
                  <td className={cellClass}>
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
                  </td>
                  <td className={cellClass}>
                    <div className="font-semibold">{project.title}</div>
                    {project.title_de ? (
                      <div className="text-xs text-gray-600">DE: {project.title_de}</div>
                    ) : null}
                    {project.title_bs ? (
                      <div className="text-xs text-gray-600">BS: {project.title_bs}</div>
                    ) : null}
                  </td>
                  <td className={cellClass}>{categoryName(project.category)}</td>
                  <td className={cellClass}>{truncate(project.description, 100)}</td>
                  <td className={cellClass}>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={adminButton("outline")}
                        aria-label={`Edit ${project.title}`}
                        onClick={() => setDialog({ open: true, project })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </button>
                      <button
                        type="button"
                        className={adminButton("danger")}
                        aria-label={`Delete ${project.title}`}
                        onClick={() => setToDelete(project)}
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

      <ProjectDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        project={dialog.project}
        categories={categories}
        client={client}
        onSaved={replaceProject}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setToDelete(null);
        }}
        question="Are you sure you want to delete this project?"
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

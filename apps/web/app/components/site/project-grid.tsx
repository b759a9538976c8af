/**
 * @module
 * The home page's project grid with its category filter (site spec, section 2): "All" first,
 * then each category; an empty message when a category has no projects. The filter is a GET
 * form (`?category=`), so it works without JavaScript and a filtered view can be shared; with
 * JavaScript it filters in place without reloading data.
 */
import { Form, useLocation, useSearchParams } from "react-router";
import { useStrings } from "../../lib/i18n";
import type { CategoryOption, ProjectSummary } from "../../lib/site-types";
import { classNames } from "../ui/class-names";
import { ProjectCard } from "./project-card";

export const CATEGORY_PARAM = "category";
export const ALL_CATEGORY_ID = "all";

export function selectedCategoryOf(
  searchParams: URLSearchParams,
  categories: CategoryOption[],
): string {
  const requested = searchParams.get(CATEGORY_PARAM);
  return requested && categories.some((category) => category.id === requested)
    ? requested
    : ALL_CATEGORY_ID;
}

export function ProjectGrid({
  categories,
  projects,
}: {
  categories: CategoryOption[];
  projects: ProjectSummary[];
}) {
  const strings = useStrings();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const selected = selectedCategoryOf(searchParams, categories);
  const shown =
    selected === ALL_CATEGORY_ID
      ? projects
      : projects.filter((project) => project.category.id === selected);

  return (
    <section
      id="projects"
      aria-labelledby="projects-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
    >
      <h2 id="projects-title" className="text-3xl font-bold sm:text-4xl">
        {strings.home.projectsTitle}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-(--color-muted)">{strings.home.projectsIntro}</p>

      <Form
        method="get"
        action={`${pathname}#projects`}
        preventScrollReset
        replace
        aria-label={strings.home.filterLabel}
        className="mt-8 flex flex-wrap gap-2"
      >
        {categories.map((category) => {
          const isSelected = category.id === selected;
          return (
            <button
              key={category.id}
              type="submit"
              name={CATEGORY_PARAM}
              value={category.id}
              aria-pressed={isSelected}
              className={classNames(
                "min-h-11 rounded-full border-2 px-4 py-2 font-semibold transition-colors",
                isSelected
                  ? "border-(--color-heritage-800) bg-(--color-heritage-800) text-white"
                  : "border-(--color-heritage-100) bg-white text-(--color-heritage-800) hover:border-(--color-heritage-700)",
              )}
            >
              {category.name}
            </button>
          );
        })}
      </Form>

      <p className="sr-only" role="status">
        {strings.home.categoryCount(shown.length)}
      </p>
      {shown.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-white p-8 text-center text-lg text-(--color-muted) ring-1 ring-(--color-heritage-100)">
          {strings.home.emptyCategory}
        </p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((project) => (
            <li key={project.id} className="flex">
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

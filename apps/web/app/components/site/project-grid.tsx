/**
 * @module
 * The home page's project grid with its category filter (site spec, section 2): "All" first,
 * then each category; an empty message when a category has no projects. The filter is a GET
 * form (`?category=`), so it works without JavaScript and a filtered view can be shared; with
 * JavaScript (site-enhancements.browser.ts) it filters in place when the page holds every
 * project (no category chosen on the server; the counts' texts ride along for the status line),
 * and otherwise lets the form load the page for the new choice.
 */
import { useLocation, useSearchParams } from "react-router";
import { useStrings } from "../../lib/i18n";
import type { CategoryOption, ProjectSummary } from "../../lib/site-types";
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
  const isShown = (project: ProjectSummary) =>
    selected === ALL_CATEGORY_ID || project.category.id === selected;
  const shown = projects.filter(isShown);
  const countTexts = projects.map((_, index) => strings.home.categoryCount(index));
  countTexts.push(strings.home.categoryCount(projects.length));

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

      <form
        method="get"
        action={`${pathname}#projects`}
        data-project-filter
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
              // The look follows aria-pressed, which the page's script moves when filtering.
              className="min-h-11 rounded-full border-2 border-(--color-heritage-100) bg-white px-4 py-2 font-semibold text-(--color-heritage-800) transition-colors hover:border-(--color-heritage-700) aria-pressed:border-(--color-heritage-800) aria-pressed:bg-(--color-heritage-800) aria-pressed:text-white"
            >
              {category.name}
            </button>
          );
        })}
      </form>

      <p
        className="sr-only"
        role="status"
        data-category-count
        data-count-texts={JSON.stringify(countTexts)}
      >
        {strings.home.categoryCount(shown.length)}
      </p>
      <p
        hidden={shown.length > 0}
        data-empty-category
        className="mt-10 rounded-2xl bg-white p-8 text-center text-lg text-(--color-muted) ring-1 ring-(--color-heritage-100)"
      >
        {strings.home.emptyCategory}
      </p>
      {/* Below a phone's first screen: rendered once near the viewport (render-when-near). The
          list's box reaches into the section's padding (negative margins, same look), so the
          cards' rings and hover shadows stay inside it. */}
      <ul
        hidden={shown.length === 0}
        data-project-list
        data-complete={shown.length === projects.length ? "" : undefined}
        className="render-when-near -mx-4 mt-6 -mb-8 grid gap-6 px-4 pt-4 pb-8 sm:-mx-6 sm:grid-cols-2 sm:px-6 lg:grid-cols-3"
      >
        {shown.map((project) => (
          <li key={project.id} data-category={project.category.id} className="flex">
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from "react-router";
import { useLanguage, useStrings } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import type { ProjectSummary } from "../../lib/site-types";
import { classNames } from "../ui/class-names";
import { LazyImage } from "../ui/lazy-image";

/** Spec section 2: project card images are 400 by 256. */
export const CARD_IMAGE_WIDTH = 400;
export const CARD_IMAGE_HEIGHT = 256;
const cardSizes = "(min-width: 1024px) 352px, (min-width: 640px) 45vw, 92vw";

export function CategoryBadge({ name }: { name: string }) {
  return (
    <span className="inline-block rounded-full bg-(--color-gold-100) px-3 py-1 text-sm font-semibold text-(--color-heritage-800)">
      {name}
    </span>
  );
}

/** A project in a grid: image on its background colour, category, title, description. */
export function ProjectCard({
  project,
  headingLevel = 3,
}: {
  project: ProjectSummary;
  headingLevel?: 2 | 3;
}) {
  const strings = useStrings();
  const language = useLanguage();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-(--color-heritage-100) transition-shadow focus-within:shadow-lg hover:shadow-lg"
      data-testid="project-card"
      data-category={project.category.id}
    >
      {/* The spec's fixed image box (400 x 256): overflow hidden keeps a portrait image from
          growing it (an aspect ratio alone yields to taller content; issue 33, item 4). */}
      <div className={classNames(project.bgColor, "aspect-[25/16] overflow-hidden")}>
        <LazyImage
          src={project.image.src}
          srcSet={project.image.srcSet}
          sizes={project.image.srcSet ? cardSizes : undefined}
          alt={strings.images.project(project.title)}
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          className="h-full w-full object-contain"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <CategoryBadge name={project.category.name} />
        </div>
        <Heading className="text-xl font-semibold">
          <Link
            to={paths.project(project.slug, language)}
            className="after:absolute after:inset-0 hover:text-(--color-terracotta-700)"
          >
            {project.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-(--color-muted)">{project.description}</p>
        <span aria-hidden="true" className="mt-auto font-semibold text-(--color-terracotta-700)">
          {strings.home.learnMore} →
        </span>
      </div>
    </article>
  );
}

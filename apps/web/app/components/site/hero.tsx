import { Link } from "react-router";
import { useLanguage, useStrings } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { buttonClasses } from "../ui/button-styles";

export type HeroCopy = { title: string; subtitle: string; description: string };

/** The home page's hero (site spec, section 2): title, subtitle, description. */
export function Hero({ hero }: { hero: HeroCopy }) {
  const strings = useStrings();
  const language = useLanguage();
  return (
    <section
      aria-labelledby="hero-title"
      data-surface="dark"
      className="relative overflow-hidden bg-(--color-heritage-800) text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-20 [background-image:repeating-linear-gradient(45deg,var(--color-gold-400)_0_2px,transparent_2px_24px),repeating-linear-gradient(-45deg,var(--color-terracotta-600)_0_2px,transparent_2px_24px)]"
      />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <h1 id="hero-title" className="text-4xl font-bold text-white sm:text-5xl lg:text-6xl">
          {hero.title}
        </h1>
        <p className="mt-5 text-xl font-medium text-(--color-gold-300) sm:text-2xl">
          {hero.subtitle}
        </p>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-(--color-heritage-50)">
          {hero.description}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.projects(language)} className={buttonClasses("gold")}>
            {strings.home.exploreProjects}
          </Link>
          <Link
            to={paths.contact(language)}
            className={buttonClasses(
              "outline",
              "border-white text-white hover:bg-(--color-heritage-700)",
            )}
          >
            {strings.nav.contact}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * @module
 * The FAQ accordion (site spec, section 2): one item open at a time, and the open one can be
 * closed. Built on exclusive `<details name>` elements, so it needs no JavaScript and every
 * answer stays readable (and findable with the browser's search) without it.
 */
import { ChevronDown } from "lucide-react";
import { useStrings } from "../../lib/i18n";
import type { FaqItem } from "../../lib/site-types";

export function FaqList({ faqs }: { faqs: FaqItem[] }) {
  const strings = useStrings();
  return (
    <section id="faq" aria-labelledby="faq-title" className="render-when-near bg-white">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-title" className="text-3xl font-bold sm:text-4xl">
          {strings.home.faqTitle}
        </h2>
        <p className="mt-3 text-lg text-(--color-muted)">{strings.home.faqIntro}</p>
        <div className="mt-8 divide-y divide-(--color-heritage-100) rounded-2xl ring-1 ring-(--color-heritage-100)">
          {faqs.map((faq) => (
            <details key={faq.id} name="faq" className="group" data-testid="faq-item">
              <summary className="flex min-h-11 list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-(--color-heritage-900) hover:bg-(--color-heritage-50)">
                <span>{faq.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform group-open:rotate-180"
                />
              </summary>
              <div className="px-5 pb-5 leading-relaxed whitespace-pre-line text-(--color-ink)">
                {faq.answer}
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

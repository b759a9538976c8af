import { PageHeader } from "./page-header";
import { RichText } from "./rich-text";

/** Impressum and privacy pages: a localised title and rich HTML content. */
export function LegalPage({ title, content }: { title: string; content: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <RichText html={content} className="text-lg" />
      </div>
    </>
  );
}

import { classNames } from "../ui/class-names";

/**
 * Rich text from the CMS. The HTML was sanitised on write and again by the loader on the
 * server (content module's allow-list), so it is safe to insert.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={classNames("rich-text", className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

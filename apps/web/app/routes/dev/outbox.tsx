/**
 * @module
 * /dev/outbox: the mails the server kept (auth platform and site), newest first, so a developer
 * can follow a sign-in or reset link without a mail server. The server hands the loader a reader
 * only when the page is on (DEV_OUTBOX; by default only under `npm run dev`); otherwise 404.
 */
import { data, useLoaderData, useSearchParams } from "react-router";
import { OutboxMail } from "../../components/dev/outbox-mail";
import type { Route } from "./+types/outbox";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.devOutbox) throw data(null, { status: 404 });
  return data(await context.devOutbox.read(), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Development outbox | Heritage" }];
}

function countNote(shown: number, total: number, limit: number): string {
  if (total > shown) {
    return `Showing the newest ${shown} of ${total} mails; older ones are not listed.`;
  }
  return `${total} ${total === 1 ? "mail" : "mails"}, newest first (the page lists the newest ${limit}).`;
}

export default function DevOutbox() {
  const { mails, total, limit } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const shownHtml = searchParams.get("html");
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">Development outbox</h1>
        <p className="text-(--color-muted)">
          Mail this server kept: the auth platform's (codes, sign-in and reset links) and the site's
          contact notifications. For development only; it holds working sign-in links. Reload the
          page to see new mail.
        </p>
        {mails.length > 0 ? <p>{countNote(mails.length, total, limit)}</p> : null}
      </header>
      {mails.length === 0 ? (
        <p className="rounded-xl border border-(--color-heritage-100) bg-white p-5">
          No mail yet. Mail the server sends (sign-in codes, password resets, verification links,
          contact notifications) appears here.
        </p>
      ) : (
        <ol className="space-y-4">
          {mails.map((mail, index) => (
            <li key={mail.key}>
              <OutboxMail
                mail={mail}
                headingId={`mail-${index}`}
                showsHtml={shownHtml === mail.key}
              />
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

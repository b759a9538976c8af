/**
 * @module
 * /api-docs: the reference of the server's APIs, read from its OpenAPI document
 * (`/api/v1/openapi.json`), which the loader asks for in process. Rendered on the server and
 * self-contained: no script, style or font from elsewhere. Not for search engines (noindex), not
 * in the sitemap; its code is this route's chunk alone, so public pages carry none of it.
 */
import { data, useLoaderData } from "react-router";
import { ApiOperationEntry } from "../../components/api-docs/api-operation-entry";
import { readApiReference } from "../../components/api-docs/api-operations";
import type { Route } from "./+types/reference";

const API_DOCUMENT_PATH = "/api/v1/openapi.json";

export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.authApiFetch(API_DOCUMENT_PATH, { method: "GET" });
  if (!response.ok) throw data(null, { status: 502 });
  return data(readApiReference(await response.json()), {
    headers: { "Cache-Control": "public, max-age=300", "X-Robots-Tag": "noindex, nofollow" },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "API reference | Heritage" }, { name: "robots", content: "noindex, nofollow" }];
}

const tagAnchor = (name: string) => `tag-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

export default function ApiReferencePage() {
  const reference = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold">API reference</h1>
        <p>
          {reference.title}, version {reference.version}. Server:{" "}
          <code className="break-all">{reference.serverUrl}</code>.
        </p>
        <p>
          The machine-readable description (OpenAPI 3.1) is at{" "}
          <a className="underline" href={API_DOCUMENT_PATH}>
            {API_DOCUMENT_PATH}
          </a>
          : generate a client from it, or load it in any OpenAPI tool.
        </p>
        <p className="whitespace-pre-line text-(--color-muted)">{reference.description}</p>
      </header>

      <section aria-labelledby="credentials" className="space-y-2">
        <h2 id="credentials" className="text-2xl font-semibold">
          Credentials
        </h2>
        <dl className="space-y-2 text-sm">
          {reference.credentials.map((credential) => (
            <div key={credential.name}>
              <dt className="font-mono font-medium">{credential.name}</dt>
              <dd>{credential.description}</dd>
            </div>
          ))}
        </dl>
      </section>

      <nav aria-labelledby="contents" className="space-y-2">
        <h2 id="contents" className="text-2xl font-semibold">
          Contents
        </h2>
        <ul className="columns-2 text-sm sm:columns-3">
          {reference.tags.map((tag) => (
            <li key={tag.name}>
              <a className="underline" href={`#${tagAnchor(tag.name)}`}>
                {tag.name}
              </a>{" "}
              ({tag.operations.length})
            </li>
          ))}
        </ul>
      </nav>

      {reference.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={tagAnchor(tag.name)} className="space-y-4">
          <h2 id={tagAnchor(tag.name)} className="text-2xl font-semibold">
            {tag.name}
          </h2>
          {tag.operations.map((operation) => (
            <ApiOperationEntry key={operation.id} operation={operation} />
          ))}
        </section>
      ))}
    </main>
  );
}

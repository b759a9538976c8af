/**
 * @module
 * One operation on /api-docs: method and path, what it does and who may call it, its parameters,
 * and the JSON Schema of its request body behind a disclosure.
 */
import type { ApiOperation } from "./api-operations";

export function ApiOperationEntry({ operation }: { operation: ApiOperation }) {
  const headingId = `op-${operation.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-(--color-heritage-100) bg-white p-5"
    >
      <h3 id={headingId} className="font-mono text-base font-semibold break-all">
        <span className="rounded bg-(--color-heritage-800) px-2 py-0.5 text-white">
          {operation.method}
        </span>{" "}
        {operation.path}
      </h3>
      <p className="font-medium">{operation.summary}</p>
      {operation.description ? (
        <p className="whitespace-pre-line text-sm">{operation.description}</p>
      ) : null}
      {operation.parameters.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Parameters of {operation.path}</caption>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">In</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.location}-${parameter.name}`}>
                <td className="font-mono break-all">{parameter.name}</td>
                <td>{parameter.location}</td>
                <td className="font-mono break-all">{parameter.type}</td>
                <td>{parameter.required ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {operation.body ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">
            Request body ({operation.body.mediaType})
          </summary>
          <pre className="mt-2 rounded whitespace-pre-wrap break-all bg-(--color-heritage-50) p-3 text-xs">
            {operation.body.schema}
          </pre>
        </details>
      ) : null}
      <p className="text-sm text-(--color-muted)">Answers: {operation.responses.join(", ")}</p>
    </article>
  );
}

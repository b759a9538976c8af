/**
 * JSON answers finished where they are made (issue 30, decision 030). Every layer that adds
 * headers to an answer used to do so after the handler, on the answer's Fetch `Headers`: the Node
 * adapter's lightweight answer (its headers a plain object until someone asks for them) became a
 * full `Headers`, which some thirty `get`/`has`/`set` calls then walked, name checks and all, and
 * which the adapter turned back into an object to write. For a JSON answer everything those
 * layers add is known before the handler runs: the layers in front put their headers here first
 * (`headersForApiAnswers`), the auth API adds its own when it makes the answer
 * (`respond.ts`, `protocol-headers.ts`), and each layer then leaves an answer it would only have
 * repeated (`isFinishedAnswer`). Any other answer (errors, redirects, pages, an answer a layer
 * replaced) is finished as before.
 * @module
 */
import type { Context } from "hono";

/**
 * What a finished answer was made of, kept beside it: a layer that changes how the body is sent
 * (compression.ts in the site's app) makes a new answer from these without reading the Response,
 * whose headers and body getters would turn the adapter's lightweight answer into a full one.
 */
export interface FinishedAnswerParts {
  status: number;
  /** Every header it goes out with, lower-case names. */
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** The context variables this takes (declared in `AuthEnv` and in the site's `AppEnv`). */
export interface FinishedAnswerVariables {
  /** Headers the layers in front add to every JSON answer, lower-case names. */
  apiAnswerHeaders: Record<string, string>;
  /** The answer made with every header already on it. */
  finishedAnswer: Response;
  /** What `finishedAnswer` was made of. */
  finishedAnswerParts: FinishedAnswerParts;
}

type AnyContext = Context<{ Variables: Partial<FinishedAnswerVariables> }>;

/**
 * The headers a layer in front of the auth API adds to its JSON answers, to be filled before
 * `next()`; names in lower case. They win over the route's own headers, as a layer that sets a
 * header after the handler would.
 */
export function headersForApiAnswers(c: Context): Record<string, string> {
  const context = c as unknown as AnyContext;
  let headers = context.get("apiAnswerHeaders");
  if (!headers) {
    headers = {};
    context.set("apiAnswerHeaders", headers);
  }
  return headers;
}

/** The layers' headers given so far (none when no layer is in front, as in the API's own tests). */
export function layersApiAnswerHeaders(c: Context): Readonly<Record<string, string>> | undefined {
  return (c as unknown as AnyContext).get("apiAnswerHeaders");
}

/** Marks `response`, made of `parts`, as carrying every header the layers would add. */
export function markFinished(c: Context, response: Response, parts: FinishedAnswerParts): Response {
  const context = c as unknown as AnyContext;
  context.set("finishedAnswer", response);
  context.set("finishedAnswerParts", parts);
  return response;
}

/** After `next()`: whether the answer is one made finished, which this layer leaves as it is. */
export function isFinishedAnswer(c: Context): boolean {
  const finished = (c as unknown as AnyContext).get("finishedAnswer");
  return finished !== undefined && c.res === finished;
}

/** After `next()`: what the answer was made of, when it is a finished one (else undefined). */
export function finishedAnswerParts(c: Context): FinishedAnswerParts | undefined {
  return isFinishedAnswer(c) ? (c as unknown as AnyContext).get("finishedAnswerParts") : undefined;
}

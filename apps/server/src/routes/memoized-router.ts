/**
 * @module
 * The app's router with its answers remembered, by method and path.
 *
 * The process's one Hono app holds about 3,000 routes: the auth API's 700 under five version
 * prefixes, the content API, media, the web app. Hono's regular-expression router refuses that
 * table (`/users/me` beside `/users/:user_id`), so its trie router serves it (Hono's default
 * would try the other first, then fall back to it), and a lookup walks
 * the trie and gathers the middleware of every mount level on the way. That was a tenth of the
 * main thread's time of a `GET /users/me` through `npm start` (profile of 2026-11-30, decision
 * 044). A route table does not change once the app is built, and most requests ask for a path
 * asked before (`/api/v1/users/me`, the token endpoint, the pages), so the answer for a method and
 * path is kept and handed out again. Hono only reads a match (the handlers, then the parameters
 * by name), so one answer serves any number of requests.
 *
 * Bounded: past `limit` different paths (ids in paths, a client inventing paths) the memory
 * starts again, so that the memo costs a lookup and never grows; a path longer than
 * `longestKeptPath` is looked up each time and never kept, so the memo holds at most
 * `limit` short keys. Adding a route forgets everything, though the app adds none after it is
 * built.
 */
import type { Result, Router } from "hono/router";

const defaultMemoLimit = 2_000;
/** Longer than any route of the app with its ids; a longer path is rare and never kept. */
export const longestKeptPath = 512;

export class MemoizedRouter<T> implements Router<T> {
  readonly name: string;
  readonly #inner: Router<T>;
  readonly #limit: number;
  #answers = new Map<string, Result<T>>();

  constructor(inner: Router<T>, limit = defaultMemoLimit) {
    this.#inner = inner;
    this.#limit = limit;
    this.name = `MemoizedRouter(${inner.name})`;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > longestKeptPath) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known) return known;
    const answer = this.#inner.match(method, path);
    if (this.#answers.size >= this.#limit) this.#answers.clear();
    this.#answers.set(key, answer);
    return answer;
  }
}

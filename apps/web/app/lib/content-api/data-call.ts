/**
 * @module
 * The shape of a content API call answering `{data, error}`, shared by the content client and
 * the history calls it hands its caller to (history-client.ts).
 */
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type DataRequest = {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
};
export type CallData = <S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  request?: DataRequest,
) => Promise<z.output<S>>;

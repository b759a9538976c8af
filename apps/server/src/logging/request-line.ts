/**
 * @module
 * The request log line (one per answer: id, method, path, status, duration), written the way pino
 * writes it for the server's own logger, without going through pino's general path.
 *
 * pino serialises any object: it walks the keys, looks each up among the serializers and escapes
 * every string by hand. For this one line, whose keys and types never change, that was about 5 %
 * of the CPU of a stored page and 4 % of a `GET /users/me` (perf, 2026-12-01, decision 046). Here
 * the line is one template string. It is used only when the logger is one that writes its lines
 * plainly to one stream (epoch time, no mixin, hooks or formatters of its own, as `createLogger`
 * makes it); any other logger gets the same entry through `logger.info`/`logger.error`.
 * `request-line.test.ts` checks that both give the same line.
 */
import pino, { type Logger } from "pino";

export interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export type WriteRequestLine = (line: RequestLine) => void;

const {
  chindingsSym,
  formattersSym,
  hooksSym,
  messageKeySym,
  mixinSym,
  needsMetadataGsym,
  nestedKeySym,
  serializersSym,
  streamSym,
  stringifiersSym,
  timeSym,
} = pino.symbols;
// pino has it, its types do not name it.
const msgPrefixSym = (pino.symbols as unknown as Record<string, symbol | undefined>).msgPrefixSym;
const LINE_KEYS = ["requestId", "method", "path", "status", "durationMs", "msg", "level", "time"];

/** What JSON must escape in a string, and surrogates (JSON.stringify escapes a lone one). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON: quoted as it is when nothing in it needs escaping (ids, methods and most
 * paths), else by JSON.stringify, a call into V8's runtime that costs more than the test.
 */
function quoted(text: string): string {
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The formatters of a logger made with pino's defaults, to tell custom ones by. */
const DEFAULT_FORMATTERS = (pino({ enabled: false }) as unknown as Record<symbol, unknown>)[
  formattersSym
] as { log?: unknown; level?: unknown };

/** Whether pino would write this logger's lines exactly as the template below does. */
function writesPlainLines(logger: Logger): boolean {
  const internals = logger as unknown as Record<symbol, unknown>;
  const formatters = internals[formattersSym] as { log?: unknown; level?: unknown } | undefined;
  const hooks = internals[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const serializers = (internals[serializersSym] ?? {}) as Record<string, unknown>;
  // Redaction works through per-path stringifiers; none may be set.
  const stringifiers = (internals[stringifiersSym] ?? {}) as object;
  return (
    internals[timeSym] === pino.stdTimeFunctions.epochTime &&
    internals[mixinSym] === undefined &&
    internals[messageKeySym] === "msg" &&
    internals[nestedKeySym] === null &&
    (msgPrefixSym === undefined || internals[msgPrefixSym] === undefined) &&
    Reflect.ownKeys(stringifiers).length === 0 &&
    LINE_KEYS.every((key) => serializers[key] === undefined) &&
    hooks?.logMethod === undefined &&
    hooks?.streamWrite === undefined &&
    formatters?.log === DEFAULT_FORMATTERS.log &&
    formatters?.level === DEFAULT_FORMATTERS.level &&
    typeof (internals[streamSym] as { write?: unknown } | undefined)?.write === "function" &&
    // A multistream routes each line by the level pino tells it beside the line.
    !(internals[streamSym] as Record<symbol, unknown>)[needsMetadataGsym] &&
    typeof internals[chindingsSym] === "string" &&
    // Custom levels only, without these two: pino's own methods say what happens.
    typeof logger.levels.values.info === "number" &&
    typeof logger.levels.values.error === "number"
  );
}

/**
 * A writer of request lines for `logger`: info below 500, error from 500 on, each only when the
 * logger's level lets it through (checked per line: the level may change while it runs).
 */
export function requestLineWriter(logger: Logger): WriteRequestLine {
  if (!writesPlainLines(logger)) {
    return (line) => {
      if (line.status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    };
  }
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[streamSym] as { write(text: string): void };
  const infoLevel = logger.levels.values.info as number;
  const errorLevel = logger.levels.values.error as number;
  return (line) => {
    const error = line.status >= 500;
    if (!logger.isLevelEnabled(error ? "error" : "info")) return;
    // The bindings are read per line, as pino does: a child logger's may be added later.
    const bindings = internals[chindingsSym] as string;
    stream.write(
      `{"level":${error ? errorLevel : infoLevel},"time":${Date.now()}${bindings},"requestId":${quoted(line.requestId)},"method":${quoted(line.method)},"path":${quoted(line.path)},"status":${line.status},"durationMs":${Number.isFinite(line.durationMs) ? line.durationMs : null},"msg":"request"}\n`,
    );
  };
}

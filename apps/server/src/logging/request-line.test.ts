import pino, { type Logger } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { type RequestLine, requestLineWriter } from "./request-line";

/** A logger's lines as written, in order. */
function capture(make: (destination: { write(line: string): void }) => Logger) {
  const lines: string[] = [];
  const logger = make({ write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** A line with its time blanked (the one field that differs between two writes). */
function withoutTime(line: string): string {
  return line.replace(/"time":\d+/, '"time":0');
}

const entries: RequestLine[] = [
  {
    requestId: "0f6c1c1e-8a51-4f77-9d3c-6a2b1f0e4d21",
    method: "GET",
    path: "/de/about",
    status: 200,
    durationMs: 0.3,
  },
  {
    requestId: 'an id a client sent, "quoted" \\ and \u0001',
    method: "POST",
    path: '/api/v1/"odd"\\path/ščćžđ/😀/\u2028/\u0007',
    status: 503,
    durationMs: 12,
  },
  { requestId: "r", method: "HEAD", path: "/", status: 304, durationMs: Number.NaN },
];

/** What pino itself writes for the same entry, as the request log wrote it before. */
function pinoLine(logger: Logger, entry: RequestLine): void {
  if (entry.status >= 500) logger.error(entry, "request");
  else logger.info(entry, "request");
}

describe("the request log line", () => {
  it("is the line pino writes for the same entry, on the server's logger", () => {
    const fast = capture((destination) => createLogger("info", destination));
    const slow = capture((destination) => createLogger("info", destination));
    const write = requestLineWriter(fast.logger);
    // It writes the line itself: pino's own methods are not called.
    const notCalled = () => {
      throw new Error("the line went through pino's general path");
    };
    fast.logger.info = notCalled;
    fast.logger.error = notCalled;
    for (const entry of entries) {
      write(entry);
      pinoLine(slow.logger, entry);
    }
    expect(fast.lines).toHaveLength(3);
    expect(fast.lines.map(withoutTime)).toEqual(slow.lines.map(withoutTime));
    expect(JSON.parse(fast.lines[1] as string)).toMatchObject({
      level: 50,
      service: "heritage",
      path: entries[1]?.path,
      requestId: entries[1]?.requestId,
      msg: "request",
    });
  });

  it("carries a child logger's bindings and follows the level as it changes", () => {
    const fast = capture((destination) => createLogger("info", destination));
    const child = fast.logger.child({ worker: 2 });
    const write = requestLineWriter(child);
    child.level = "error";
    write(entries[0] as RequestLine);
    write(entries[1] as RequestLine);
    expect(fast.lines).toHaveLength(1);
    expect(JSON.parse(fast.lines[0] as string)).toMatchObject({
      service: "heritage",
      worker: 2,
      status: 503,
    });
    child.level = "info";
    write(entries[0] as RequestLine);
    expect(fast.lines).toHaveLength(2);
  });

  it("goes through pino for a logger that changes its lines or routes them (mixin, redaction, formatters, multistream)", () => {
    const makers: ((destination: { write(line: string): void }) => Logger)[] = [
      (destination) => pino({ mixin: () => ({ region: "eu" }) }, destination),
      (destination) => pino({ redact: ["path"] }, destination),
      (destination) => pino({ formatters: { level: (label) => ({ level: label }) } }, destination),
      (destination) => pino({ timestamp: pino.stdTimeFunctions.isoTime }, destination),
      (destination) => pino({ messageKey: "message" }, destination),
      (destination) => pino({}, pino.multistream([{ stream: destination, level: "info" }])),
    ];
    for (const make of makers) {
      const fast = capture(make);
      const slow = capture(make);
      requestLineWriter(fast.logger)(entries[0] as RequestLine);
      pinoLine(slow.logger, entries[0] as RequestLine);
      const strip = (line: string) => line.replace(/"time":("[^"]*"|\d+)/, '"time":0');
      expect(slow.lines).toHaveLength(1);
      expect(fast.lines.map(strip)).toEqual(slow.lines.map(strip));
    }
  });
});

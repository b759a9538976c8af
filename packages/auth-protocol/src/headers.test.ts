import { describe, expect, it } from "vitest";
import {
  corsAllowHeaders,
  corsExposeHeaders,
  getProtocolHeaderNames,
  protocolHeaderSuffixes,
  readProtocolHeader,
  readProtocolHeaders,
  readProtocolHeadersOf,
  requestHeaderSpelling,
  responseHeaderName,
} from "./headers";

describe("readProtocolHeader", () => {
  it("prefers the x-hexclave spelling", () => {
    const headers = new Headers({ "x-hexclave-project-id": "hex", "x-stack-project-id": "stack" });
    expect(readProtocolHeader(headers, "project-id")).toBe("hex");
  });

  it("falls back to the x-stack spelling, case-insensitively", () => {
    const headers = new Headers({ "X-Stack-Access-Type": "server" });
    expect(readProtocolHeader(headers, "access-type")).toBe("server");
  });

  it("treats an empty value as absent, so an empty hexclave key falls through to stack", () => {
    const headers = new Headers({
      "x-hexclave-secret-server-key": "",
      "x-stack-secret-server-key": "ssk_abc",
    });
    expect(readProtocolHeader(headers, "secret-server-key")).toBe("ssk_abc");
    expect(
      readProtocolHeader(
        new Headers({ "x-hexclave-super-secret-admin-key": "" }),
        "super-secret-admin-key",
      ),
    ).toBeUndefined();
  });

  it("returns undefined when neither spelling is present", () => {
    expect(readProtocolHeader(new Headers(), "refresh-token")).toBeUndefined();
  });
});

describe("requestHeaderSpelling", () => {
  it("is hexclave when any x-hexclave-* header is sent, else the reference's stack", () => {
    expect(requestHeaderSpelling(new Headers({ "X-Hexclave-Project-Id": "p" }))).toBe("hexclave");
    expect(requestHeaderSpelling(new Headers({ "x-stack-project-id": "p" }))).toBe("stack");
    expect(requestHeaderSpelling(new Headers({ accept: "*/*" }))).toBe("stack");
    expect(responseHeaderName(["x-hexclave-known-error", "x-stack-known-error"], "stack")).toBe(
      "x-stack-known-error",
    );
  });
});

describe("readProtocolHeaders (one pass over Node's raw header list)", () => {
  const cases: [string, string][][] = [
    [
      ["x-hexclave-project-id", "hex"],
      ["x-stack-project-id", "stack"],
    ],
    [
      ["X-Stack-Access-Type", "server"],
      ["Accept", "*/*"],
      ["Host", "example.org"],
    ],
    [
      ["x-hexclave-secret-server-key", ""],
      ["X-STACK-SECRET-SERVER-KEY", "ssk_abc"],
    ],
    [["x-hexclave-super-secret-admin-key", ""]],
    [
      ["x-stack-project-id", "  padded\t"],
      ["x-stack-access-token", "a"],
      ["X-Stack-Access-Token", "b"],
    ],
    [
      ["x-stackproject-id", "not ours"],
      ["x-", "short"],
      ["xx-stack-project-id", "no"],
    ],
    [
      ["X-Hexclave-Client-Version", "js 2.8"],
      ["x-stack-branch-id", "main"],
    ],
    [],
  ];

  it("answers every suffix exactly as readProtocolHeader on a Headers of the same list", () => {
    for (const list of cases) {
      const raw = list.flat();
      const headers = new Headers();
      for (const [name, value] of list) headers.append(name, value);
      const fromRaw = readProtocolHeaders(raw);
      const fromHeaders = readProtocolHeadersOf(headers);
      for (const suffix of protocolHeaderSuffixes) {
        const expected = readProtocolHeader(headers, suffix);
        expect({ list, suffix, value: fromRaw.get(suffix) }).toEqual({
          list,
          suffix,
          value: expected,
        });
        expect(fromHeaders.get(suffix)).toBe(expected);
      }
      expect({ list, spelling: fromRaw.spelling }).toEqual({
        list,
        spelling: requestHeaderSpelling(headers),
      });
      expect(fromHeaders.spelling).toBe(requestHeaderSpelling(headers));
    }
  });

  it("joins a header sent twice as Headers.get does, and trims the value", () => {
    const read = readProtocolHeaders([
      "x-stack-access-token",
      "a",
      "X-Stack-Access-Token",
      "b",
      "x-stack-project-id",
      " p ",
    ]);
    expect(read.get("access-token")).toBe("a, b");
    expect(read.get("project-id")).toBe("p");
  });

  it("keeps a name like __proto__ as a plain entry, never the prototype's", () => {
    const read = readProtocolHeaders(["x-stack-__proto__", "x", "x-stack-constructor", "y"]);
    expect(read.get("__proto__" as never)).toBe("x");
    expect(read.get("toString" as never)).toBeUndefined();
    expect(read.get("project-id")).toBeUndefined();
  });
});

describe("CORS lists (§1.1)", () => {
  it("allow every protocol header in both spellings plus the third-party ones", () => {
    for (const suffix of protocolHeaderSuffixes) {
      for (const name of getProtocolHeaderNames(suffix)) expect(corsAllowHeaders).toContain(name);
    }
    expect(corsAllowHeaders).toEqual(
      expect.arrayContaining([
        "content-type",
        "authorization",
        "baggage",
        "sentry-trace",
        "x-vercel-protection-bypass",
        "ngrok-skip-browser-warning",
      ]),
    );
  });

  it("expose the known-error, actual-status and request-id headers in both spellings", () => {
    expect([...corsExposeHeaders].sort()).toEqual(
      [
        "content-type",
        "x-stack-actual-status",
        "x-stack-known-error",
        "x-hexclave-actual-status",
        "x-hexclave-known-error",
        "x-stack-request-id",
        "x-hexclave-request-id",
      ].sort(),
    );
  });
});

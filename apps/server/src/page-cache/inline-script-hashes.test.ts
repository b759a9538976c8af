import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashNoncedScripts } from "./inline-script-hashes";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("hashNoncedScripts", () => {
  it("hashes the text of the scripts carrying the render's nonce, and no other script", () => {
    const html = [
      '<head><script nonce="N+1/=">window.a = 1;</script></head>',
      "<body><p>Stored text</p><script>stealCookies()</script>",
      '<script nonce="other">alsoInjected()</script>',
      '<script type="module" async="" nonce="N+1/=">import("/assets/entry.js");</script>',
      '<script nonce="N+1/=">window.a = 1;</script></body>',
    ].join("");
    expect(hashNoncedScripts(html, "N+1/=")).toEqual([
      sha256("window.a = 1;"),
      sha256('import("/assets/entry.js");'),
    ]);
  });

  it("ends a script where the browser does, so an unclosed injected tag cannot borrow a hash", () => {
    // The browser reads one script here: `evil(); <script nonce="N">app()` (not the app's text).
    const html = '<script>evil(); <script nonce="N">app()</script>';
    expect(hashNoncedScripts(html, "N")).toEqual([sha256("app()")]);
    expect(hashNoncedScripts(html, "N")).not.toContain(sha256('evil(); <script nonce="N">app()'));
  });

  it("hashes text as the browser sees it after newline normalisation", () => {
    expect(hashNoncedScripts('<script nonce="N">a();\r\nb();\rc();</script>', "N")).toEqual([
      sha256("a();\nb();\nc();"),
    ]);
  });

  it("hashes nothing without a nonce", () => {
    expect(hashNoncedScripts('<script nonce="">x()</script>', "")).toEqual([]);
  });
});

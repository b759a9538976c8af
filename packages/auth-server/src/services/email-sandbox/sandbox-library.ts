/**
 * The libraries a template may import, bundled once per process into one script for the sandbox
 * (tsx-sandbox.ts): React 19.1 and react-dom/server (the versions the reference renders with, so
 * the markup is the same, down to React's comment markers), React Email's components, arktype (for
 * `variablesSchema`) and our own `@stackframe/emails` (Subject, NotificationCategory, logos).
 * The bundle is built with esbuild from the installed packages: nothing is fetched at run time.
 * @module
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The names a template can import, and where each one lives in the sandbox's library object. */
export const libraryModules = [
  "react",
  "react/jsx-runtime",
  "react-dom/server",
  "@react-email/components",
  "arktype",
  "@stackframe/emails",
] as const;

/**
 * `@stackframe/emails`, our own implementation of the reference's helper package: Subject and
 * NotificationCategory render nothing and are found by their `__stackComponent` mark; ProjectLogo
 * shows the full or square logo for the light or dark mode, when the project has one.
 */
const stackframeEmails = `
import * as React from "react";
import { Img } from "@react-email/components";
export function Subject() { return null; }
Subject.__stackComponent = "Subject";
export function NotificationCategory() { return null; }
NotificationCategory.__stackComponent = "NotificationCategory";
export function Logo(props) {
  return React.createElement("div", { className: "flex gap-2 items-center" },
    React.createElement(Img, { src: props.logoUrl, alt: "Logo", className: "h-8" }));
}
export function FullLogo(props) {
  return React.createElement(Img, { src: props.logoFullUrl, alt: "Full Logo", className: "h-16" });
}
export function ProjectLogo(props) {
  const mode = props.mode ?? "light";
  const logos = props.data ?? {};
  const full = mode === "dark" ? logos.logoFullDarkModeUrl : logos.logoFullUrl;
  const square = mode === "dark" ? logos.logoDarkModeUrl : logos.logoUrl;
  if (full) return React.createElement(FullLogo, { logoFullUrl: full });
  if (square) return React.createElement(Logo, { logoUrl: square });
  return null;
}
`;

const entry = `
import "./configure-arktype.js";
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as server from "react-dom/server";
import * as components from "@react-email/components";
import * as arktype from "arktype";
import * as emails from "@stackframe/emails";
globalThis.__emailLibrary = {
  "react": React,
  "react/jsx-runtime": jsxRuntime,
  "react-dom/server": server,
  "@react-email/components": components,
  "arktype": arktype,
  "@stackframe/emails": emails,
};
`;

/**
 * Code-block's module defines every Prism language when it loads (about a second of CPU in each
 * fresh sandbox); it is loaded on first use instead.
 */
function lazyCodeBlock(exportNames: readonly string[]): Plugin {
  return {
    name: "lazy-code-block",
    setup(build) {
      build.onResolve({ filter: /^@react-email\/code-block$/ }, (args) =>
        args.namespace === "lazy-code-block"
          ? undefined
          : { path: "code-block", namespace: "lazy-code-block" },
      );
      build.onLoad({ filter: /.*/, namespace: "lazy-code-block" }, () => {
        const themes = exportNames.filter((name) => name !== "CodeBlock");
        return {
          resolveDir: packageDir,
          contents: [
            'let loaded; const load = () => (loaded ??= require("@react-email/code-block"));',
            "export function CodeBlock(props) { return load().CodeBlock(props); }",
            "const theme = (name) => new Proxy({}, {",
            "  get: (_, key) => load()[name][key],",
            "  has: (_, key) => key in load()[name],",
            "  ownKeys: () => Reflect.ownKeys(load()[name]),",
            "  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(load()[name], key),",
            "});",
            ...themes.map((name) => `export const ${name} = theme(${JSON.stringify(name)});`),
          ].join("\n"),
        };
      });
    },
  };
}

function virtualFiles(files: Record<string, string>): Plugin {
  return {
    name: "library-files",
    setup(build) {
      build.onResolve({ filter: /^(\.\/configure-arktype\.js|@stackframe\/emails)$/ }, (args) => ({
        path: args.path,
        namespace: "library-files",
      }));
      build.onLoad({ filter: /.*/, namespace: "library-files" }, (args) => ({
        contents: files[args.path] ?? "",
        resolveDir: packageDir,
        loader: "js",
      }));
    },
  };
}

async function buildLibrary(): Promise<string> {
  const esbuild = await import("esbuild");
  const require = createRequire(path.join(packageDir, "package.json"));
  // The names code-block exports, read from its module's export list (loading it costs a second).
  const codeBlockMain = require.resolve("@react-email/code-block");
  const codeBlockSource = await readFile(codeBlockMain.replace(/\.js$/, ".mjs"), "utf8");
  const exportList = [...codeBlockSource.matchAll(/export\s*\{([^}]*)\}/g)].at(-1)?.[1] ?? "";
  const codeBlockNames = exportList
    .split(",")
    .map(
      (name) =>
        name
          .trim()
          .split(/\s+as\s+/)
          .at(-1) ?? "",
    )
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const result = await esbuild.build({
    stdin: {
      contents: entry,
      resolveDir: packageDir,
      loader: "js",
      sourcefile: "email-library.js",
    },
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { react: "react-for-emails", "react-dom": "react-dom-for-emails" },
    plugins: [
      virtualFiles({
        // arktype drops keys a schema does not declare, as the reference configures it.
        "./configure-arktype.js":
          'import { configure } from "arktype/config"; configure({ onUndeclaredKey: "delete" });',
        "@stackframe/emails": stackframeEmails,
      }),
      lazyCodeBlock(codeBlockNames),
    ],
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error("The e-mail library bundle is empty");
  return code;
}

let library: Promise<string> | undefined;

/** The library bundle's source, built on first use and kept for the life of the process. */
export function sandboxLibrary(): Promise<string> {
  library ??= buildLibrary().catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

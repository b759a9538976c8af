import { describe, expect, it } from "vitest";
import { compileHintComment, compileHints, startupChunkFiles } from "./compile-hints";

type Output =
  | {
      type: "chunk";
      isEntry: boolean;
      name: string;
      fileName: string;
      imports: string[];
      code: string;
    }
  | { type: "asset"; fileName: string };

function chunk(fileName: string, imports: string[], entryName?: string): Output {
  return {
    type: "chunk",
    isEntry: entryName !== undefined,
    name: entryName ?? fileName,
    fileName,
    imports,
    code: `code of ${fileName}`,
  };
}

function runPlugin(bundle: Record<string, Output>, environment = "client") {
  const plugin = compileHints({ entryChunkName: "entry.client" });
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call(
    {
      environment: { name: environment },
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
}

describe("startupChunkFiles", () => {
  it("follows static imports transitively, once each, ignoring files that are not chunks", () => {
    const chunks = {
      "entry.js": { imports: ["react.js", "router.js"] },
      "router.js": { imports: ["react.js", "missing.css"] },
      "react.js": { imports: ["router.js"] },
      "admin.js": { imports: ["react.js"] },
    };
    expect([...startupChunkFiles("entry.js", chunks)].sort()).toEqual([
      "entry.js",
      "react.js",
      "router.js",
    ]);
  });
});

describe("compileHints", () => {
  it("marks the client entry and what it imports, not route chunks or assets", () => {
    const bundle = {
      "entry.js": chunk("entry.js", ["react.js"], "entry.client"),
      "react.js": chunk("react.js", []),
      "admin.js": chunk("admin.js", ["react.js"], "routes/admin"),
      "font.woff2": { type: "asset", fileName: "font.woff2" } as Output,
    };
    runPlugin(bundle);
    const code = (file: string) => (bundle[file as keyof typeof bundle] as { code: string }).code;
    expect(code("entry.js")).toBe(`${compileHintComment}\ncode of entry.js`);
    expect(code("react.js")).toBe(`${compileHintComment}\ncode of react.js`);
    expect(code("admin.js")).toBe("code of admin.js");
  });

  it("leaves the server build alone and fails loudly when the entry is not found", () => {
    const server = { "entry.js": chunk("entry.js", [], "entry.client") };
    runPlugin(server, "ssr");
    expect((server["entry.js"] as { code: string }).code).toBe("code of entry.js");
    expect(() => runPlugin({ "main.js": chunk("main.js", [], "main") })).toThrow(
      /no entry chunk named "entry.client"/,
    );
  });
});

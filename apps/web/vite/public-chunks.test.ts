import { describe, expect, it } from "vitest";
import { createChunkNamer } from "./public-chunks";

/** A module graph: each id with the modules that import it. Route modules are entries. */
function graph(importers: Record<string, string[]>, entries: string[]) {
  return {
    getModuleInfo: (id: string) =>
      id in importers || entries.includes(id)
        ? ({ importers: importers[id] ?? [], isEntry: entries.includes(id) } as never)
        : null,
  };
}

const app = "/repo/apps/web/app";
const modules = graph(
  {
    [`${app}/components/site/flag.tsx`]: [`${app}/components/site/language-switcher.tsx`],
    [`${app}/components/site/language-switcher.tsx`]: [`${app}/routes/site/layout.tsx`],
    [`${app}/lib/i18n.ts`]: [`${app}/root.tsx`, `${app}/routes/admin/faq.tsx`],
    [`${app}/components/admin/faq/faq-screen.tsx`]: [`${app}/routes/admin/faq.tsx`],
    // A cycle reached only from the admin area.
    [`${app}/components/admin/a.ts`]: [`${app}/components/admin/b.ts`],
    [`${app}/components/admin/b.ts`]: [
      `${app}/components/admin/a.ts`,
      `${app}/routes/admin/seo.tsx`,
    ],
    "/repo/node_modules/react-dom/cjs/react-dom-client.production.js": [],
    "/repo/node_modules/react-router/dist/index.mjs": [],
    "/repo/node_modules/lucide-react/dist/esm/icons/check.js": [
      `${app}/components/site/language-switcher.tsx`,
    ],
    "\0commonjsHelpers.js": [`${app}/components/site/flag.tsx`],
    "\0vite/preload-helper.js": [`${app}/components/site/flag.tsx`],
    "\0/repo/node_modules/dompurify/dist/purify.cjs.js?commonjs-es-import": [
      `${app}/components/admin/faq/faq-screen.tsx`,
    ],
  },
  [
    `${app}/root.tsx`,
    `${app}/routes/site/layout.tsx`,
    `${app}/routes/admin/faq.tsx`,
    `${app}/routes/admin/seo.tsx`,
  ],
);

describe("createChunkNamer", () => {
  const chunkName = (id: string) => createChunkNamer()(id, modules);

  it("puts React, React DOM, React Router and the bundler's helpers in the framework chunk", () => {
    expect(chunkName("/repo/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe(
      "framework",
    );
    expect(chunkName("/repo/node_modules/react-router/dist/index.mjs")).toBe("framework");
    expect(chunkName("\0commonjsHelpers.js")).toBe("framework");
    expect(chunkName("\0vite/preload-helper.js")).toBe("framework");
  });

  it("puts what the root and the site routes import, directly or not, in the site chunk", () => {
    expect(chunkName(`${app}/components/site/flag.tsx`)).toBe("site");
    expect(chunkName(`${app}/lib/i18n.ts`)).toBe("site");
    expect(chunkName("/repo/node_modules/lucide-react/dist/esm/icons/check.js")).toBe("site");
  });

  it("leaves route modules and admin-only code to Rollup, cycles included", () => {
    expect(chunkName(`${app}/routes/site/layout.tsx`)).toBeUndefined();
    expect(chunkName(`${app}/components/admin/faq/faq-screen.tsx`)).toBeUndefined();
    expect(chunkName(`${app}/components/admin/a.ts`)).toBeUndefined();
    expect(
      chunkName("\0/repo/node_modules/dompurify/dist/purify.cjs.js?commonjs-es-import"),
    ).toBeUndefined();
    expect(chunkName(`${app}/components/site/flag.tsx?worker`)).toBeUndefined();
  });
});

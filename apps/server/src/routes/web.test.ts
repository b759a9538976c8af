import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWebRoutes, type WebRoutesOptions } from "./web";

// serveStatic serves from below the working directory only (it refuses `..`), as the build is.
const cache = join(process.cwd(), "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const root = mkdtempSync(join(cache, "heritage-web-static-"));
mkdirSync(join(root, "images"));
mkdirSync(join(root, "assets"));
writeFileSync(join(root, "favicon.svg"), "<svg/>");
writeFileSync(join(root, "images", "old town.png"), "png");
writeFileSync(join(root, "assets", "entry-abc.js"), "js");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the web routes", () => {
  let rendered: string[] = [];
  // Only the handler and the static root matter here; the load context is never read.
  const app = createWebRoutes({
    handler: async (request: Request) => {
      rendered.push(new URL(request.url).pathname);
      return new Response("page");
    },
    staticRoot: root,
  } as unknown as WebRoutesOptions);

  it("serves the build's files from disk and hands every other path to the app", async () => {
    rendered = [];
    expect(await (await app.request("/favicon.svg")).text()).toBe("<svg/>");
    expect(await (await app.request("/images/old%20town.png")).text()).toBe("png");
    expect(await (await app.request("/assets/entry-abc.js")).text()).toBe("js");
    expect(await (await app.request("/")).text()).toBe("page");
    expect(await (await app.request("/about")).text()).toBe("page");
    expect(await (await app.request("/images/missing.png")).text()).toBe("page");
    expect(rendered).toEqual(["/", "/about", "/images/missing.png"]);
  });
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./vite/compile-hints";
import { inlineScripts } from "./vite/inline-script";
import { createChunkNamer } from "./vite/public-chunks";

// Part of every public page's ETag, so a new build is never hidden behind a cached page.
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

export default defineConfig({
  plugins: [
    inlineScripts(),
    tailwindcss(),
    reactRouter(),
    compileHints({ entryChunkName: "entry.client" }),
  ],
  environments: {
    // A few files per public page instead of two dozen (see vite/public-chunks.ts). The server
    // build is one file already.
    client: { build: { rollupOptions: { output: { manualChunks: createChunkNamer() } } } },
  },
  define: {
    "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId),
  },
});

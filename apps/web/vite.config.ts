import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Part of every public page's ETag, so a new build is never hidden behind a cached page.
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId),
  },
});

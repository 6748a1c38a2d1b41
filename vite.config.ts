import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// `npm run dev` runs this dev server on :5173 and forwards /api to the API on :3000.
export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src/web", import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL("./dist/web", import.meta.url)), emptyOutDir: true },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});

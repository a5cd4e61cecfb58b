// The console: built into web/dist and served by the API process (src/http/plugins/console.ts).
// `npm run dev:web` serves it with hot reload and proxies /api and /docs to the API on :3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const API = process.env.API_URL ?? 'http://localhost:3000';
const BUDGET_GZIP_BYTES = 250 * 1024;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    {
      // Prints what a first visit downloads (index.html's scripts and their static imports), gzipped.
      name: 'initial-js-budget',
      apply: 'build',
      writeBundle(options, bundle) {
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (!entry || entry.type !== 'chunk') return;
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
        const total = [...seen].reduce((sum, f) => sum + gzipSync(readFileSync(join(options.dir!, f))).length, 0);
        const kb = (total / 1024).toFixed(1);
        console.log(
          `\n  initial JavaScript: ${kb} KB gzip (${seen.size} files; budget ${BUDGET_GZIP_BYTES / 1024} KB)`,
        );
        if (total > BUDGET_GZIP_BYTES)
          throw new Error(`initial JavaScript ${kb} KB gzip exceeds the ${BUDGET_GZIP_BYTES / 1024} KB budget`);
      },
    },
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': { target: API, changeOrigin: false }, '/docs': API } },
});

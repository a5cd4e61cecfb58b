// Routes register by folder: every file in a folder is one endpoint, its default export a route made with
// defineRoute (it says everything about itself: path relative to the folder, operationId, summary,
// description, schemas); every sub-folder with an index.ts is registered under the path prefix that
// index names. Adding an endpoint is adding its file — no list to edit. A helper module in a route
// folder is named with a leading underscore (`_schemas.ts`) and skipped; any other file whose default
// export is not a route stops the start-up, naming the file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppInstance } from '../types.js';
import { isRoute } from './define-route.js';

export interface RouteFolder {
  /** The folder's path segment(s) below its parent, e.g. `/engagements` or `/:id/documents`. */
  prefix: string;
  plugin: (app: AppInstance) => Promise<void>;
}

const SOURCE = /^[^.]+\.(ts|js)$/;

export function routeFolder(moduleUrl: string, prefix: string): RouteFolder {
  const dir = fileURLToPath(new URL('.', moduleUrl));
  return {
    prefix,
    async plugin(app) {
      // Sorted, so the served document lists operations in the same order on every machine.
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          const index = ['index.ts', 'index.js'].map((n) => join(path, n)).find((p) => existsSync(p));
          if (!index) continue;
          const folder = ((await import(pathToFileURL(index).href)) as { default: RouteFolder }).default;
          await app.register(folder.plugin as never, { prefix: folder.prefix });
        } else if (SOURCE.test(name) && !name.startsWith('index.') && !name.startsWith('_')) {
          const route = ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
          if (!isRoute(route)) {
            throw new Error(
              `${path}: a file in a route folder must default-export a route made with defineRoute((app) => …); ` +
                `name a helper module with a leading underscore (_${name}) so the loader skips it`,
            );
          }
          route(app);
        }
      }
    },
  };
}

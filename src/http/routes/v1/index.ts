// Every endpoint is one file; this list is the whole API surface.
import type { AppInstance } from '../../types.js';
import healthGet from './health/get.js';

const routes: ((app: AppInstance) => void)[] = [healthGet];

export async function registerRoutes(app: AppInstance): Promise<void> {
  for (const route of routes) route(app);
}

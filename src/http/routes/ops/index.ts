import { routeFolder } from '../autoload.js';

/** Operational endpoints outside /api/v1 and the published document: probes and metrics (docs/operations.md). */
export default routeFolder(import.meta.url, '');

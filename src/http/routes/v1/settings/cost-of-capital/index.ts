import { routeFolder } from '../../../autoload.js';

export default routeFolder(import.meta.url, '/cost-of-capital');

// The mark of a route file: its default export is `defineRoute((app) => …)`, a function branded as a route, so the
// loader (autoload.ts) registers exactly the files meant as endpoints and refuses any other default export.
import type { AppInstance } from '../types.js';

const ROUTE = Symbol.for('valuation-service/route');

export type Route = ((app: AppInstance) => void) & { readonly [ROUTE]: true };

/** Brands the function that registers one endpoint (its path is relative to the route's folder). */
export function defineRoute(register: (app: AppInstance) => void): Route {
  return Object.assign(register, { [ROUTE]: true as const });
}

export function isRoute(value: unknown): value is Route {
  return typeof value === 'function' && (value as Partial<Record<typeof ROUTE, unknown>>)[ROUTE] === true;
}

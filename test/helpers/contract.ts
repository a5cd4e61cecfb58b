// Checks recorded responses against an OpenAPI document, per operation: each response's path and
// method, status, Content-Type and (for JSON) body must be documented, and every documented
// operation must have been exercised unless it is exempted with a reason.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}
type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: object }> }> };
export type ContractDocument = { paths: Record<string, Record<string, Operation>>; components: object };

export interface ContractReport {
  failures: string[];
  /** operationId → the statuses it answered with. */
  exercised: Map<string, Set<number>>;
  statuses: Set<number>;
  mediaTypes: Set<string>;
  checkedBodies: number;
}

export function checkAgainstDocument(
  doc: ContractDocument,
  seen: readonly RecordedResponse[],
  options: { exempt?: Record<string, string>; ignorePaths?: string[] } = {},
): ContractReport {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('binary', true);
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      op,
      id: op.operationId ?? `${method.toUpperCase()} ${path}`,
      pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
  );
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const report: ContractReport = {
    failures: [],
    exercised: new Map(),
    statuses: new Set(),
    mediaTypes: new Set(),
    checkedBodies: 0,
  };
  for (const r of seen) {
    const path = r.url.split('?')[0];
    if (options.ignorePaths?.includes(path)) continue;
    const where = `${r.method} ${path} → ${r.status}`;
    // A literal segment wins over a parameter (…/report/status before …/report/{x}).
    const route = routes
      .filter((x) => x.method === r.method && x.pattern.test(path))
      .sort((a, b) => b.path.split('{').length - a.path.split('{').length)
      .at(-1);
    if (!route) {
      report.failures.push(`${where}: the path and method are not documented`);
      continue;
    }
    const statuses = report.exercised.get(route.id) ?? new Set<number>();
    statuses.add(r.status);
    report.exercised.set(route.id, statuses);
    const response = route.op.responses[String(r.status)];
    if (!response) {
      report.failures.push(
        `${where}: status not documented (documented: ${Object.keys(route.op.responses).join(', ')})`,
      );
      continue;
    }
    report.statuses.add(r.status);
    const mediaType = r.contentType.split(';')[0].trim();
    if (!response.content) {
      if (r.body.length > 0)
        report.failures.push(`${where}: documented without a body, answered ${r.body.length} bytes of ${mediaType}`);
      continue;
    }
    if (!response.content[mediaType]) {
      report.failures.push(
        `${where}: Content-Type ${mediaType} not documented (documented: ${Object.keys(response.content).join(', ')})`,
      );
      continue;
    }
    report.mediaTypes.add(mediaType);
    const schema = response.content[mediaType].schema;
    if (mediaType === 'application/json' || mediaType === 'application/problem+json') {
      const key = `${route.id} ${r.status} ${mediaType}`;
      if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...(schema ?? {}), components: doc.components }));
      const validate = compiled.get(key)!;
      let body: unknown;
      try {
        body = JSON.parse(r.body.toString('utf8'));
      } catch {
        report.failures.push(`${where}: the body is not JSON`);
        continue;
      }
      if (!validate(body)) report.failures.push(`${where}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
      report.checkedBodies++;
    } else if (mediaType === 'application/pdf') {
      if (r.body.subarray(0, 5).toString('latin1') !== '%PDF-') report.failures.push(`${where}: not a PDF`);
    } else if (mediaType.includes('spreadsheetml')) {
      if (r.body.subarray(0, 2).toString('latin1') !== 'PK') report.failures.push(`${where}: not an XLSX (zip) file`);
    } else if (r.body.length === 0) report.failures.push(`${where}: empty ${mediaType}`);
  }
  for (const route of routes) {
    if (!report.exercised.has(route.id) && !options.exempt?.[route.id])
      report.failures.push(`${route.id} (${route.method} ${route.path}): never exercised`);
  }
  return report;
}

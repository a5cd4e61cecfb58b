// Breaking changes between two OpenAPI 3.1 documents of the same API: what a client written against
// the old one would trip over in the new one. Checked: a removed operation; a removed field (of a
// request body, a response, or a parameter); a removed enum value; a value added to an enum a response
// carries (a client's exhaustive switch would not know it); an input that became required
// (a required body field or parameter that was optional or absent); a response field that became
// optional; a changed type (a response that may now hold a type it could not, null included; a request
// that no longer accepts a type it did); a changed format; a renamed operationId (generated clients name
// their functions after it); a removed response, error responses included (an operation's 409), and its
// body compared like a success's (a Problem.code value removed); a removed `x-error-codes` entry or one
// whose status changed. Other additions are not breaking: a new optional field, a new operation, and a
// new error code, since the error catalogue is an open list (docs/decisions.md, "Errors"): the enums of
// error codes (Problem.code, the catalogue's own entries) may gain values.
type Json = Record<string, unknown>;
type Mode = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function resolver(doc: Json) {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  return (schema: unknown): Json | undefined => {
    let s = schema as Json | undefined;
    for (let i = 0; s && typeof s.$ref === 'string' && i < 20; i++)
      s = schemas[decodeURIComponent((s.$ref as string).split('/').pop()!)];
    return s;
  };
}

/** A schema's types as a set (`type: "string"` or `type: ["string", "null"]`, `nullable: true` too); undefined when untyped. */
function typesOf(schema: Json): Set<string> | undefined {
  const t = schema.type;
  const list = Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : undefined;
  if (!list) return undefined;
  return new Set(schema.nullable === true ? [...list, 'null'] : list);
}

/** The error codes of a document: the enum of Problem.code. */
function errorCodesOf(doc: Json): Set<unknown> {
  const problem = ((doc.components as Json | undefined)?.schemas as Record<string, Json> | undefined)?.Problem;
  const code = (problem?.properties as Record<string, Json> | undefined)?.code;
  return new Set(Array.isArray(code?.enum) ? code.enum : []);
}

/** An enum of error codes (its values are the old document's Problem.code values): open, it may gain values. */
const isErrorCodeEnum = (values: unknown[], errorCodes: Set<unknown>) =>
  errorCodes.size > 0 && values.length === errorCodes.size && values.every((v) => errorCodes.has(v));

type ErrorCodeEntry = { code?: unknown; status?: unknown };

export function breakingChanges(oldDoc: Json, newDoc: Json): string[] {
  const out: string[] = [];
  const resolveOld = resolver(oldDoc);
  const resolveNew = resolver(newDoc);
  const oldErrorCodes = errorCodesOf(oldDoc);

  const compare = (oldRaw: unknown, newRaw: unknown, where: string, mode: Mode, seen: Set<string>) => {
    const key = `${where}|${JSON.stringify(oldRaw).slice(0, 200)}`;
    if (seen.has(key) || seen.size > 5000) return;
    seen.add(key);
    const o = resolveOld(oldRaw);
    const n = resolveNew(newRaw);
    if (!o || !n) return;
    if (Array.isArray(o.enum) && Array.isArray(n.enum)) {
      for (const v of o.enum) if (!n.enum.includes(v)) out.push(`${where}: enum value ${JSON.stringify(v)} removed`);
      if (mode === 'response' && !isErrorCodeEnum(o.enum, oldErrorCodes))
        for (const v of n.enum) if (!o.enum.includes(v)) out.push(`${where}: enum value ${JSON.stringify(v)} added`);
    }
    if (o.const !== undefined && n.const !== undefined && o.const !== n.const)
      out.push(`${where}: constant ${JSON.stringify(o.const)} changed`);
    const oTypes = typesOf(o);
    const nTypes = typesOf(n);
    if (oTypes && nTypes) {
      // A response may not start holding a type a client never saw; a request may not stop accepting one.
      const [from, to] = mode === 'response' ? [nTypes, oTypes] : [oTypes, nTypes];
      const missing = [...from].filter((t) => !to.has(t) && !(t === 'integer' && to.has('number')));
      if (missing.length) out.push(`${where}: type ${[...oTypes].join('|')} changed to ${[...nTypes].join('|')}`);
    }
    if (typeof o.format === 'string' && o.format !== n.format)
      out.push(`${where}: format ${o.format} changed to ${String(n.format ?? 'none')}`);
    const oProps = (o.properties ?? {}) as Record<string, unknown>;
    const nProps = (n.properties ?? {}) as Record<string, unknown>;
    for (const [name, sub] of Object.entries(oProps)) {
      if (!(name in nProps)) out.push(`${where}.${name}: field removed`);
      else compare(sub, nProps[name], `${where}.${name}`, mode, seen);
    }
    if (mode === 'request') {
      const oldRequired = new Set((o.required ?? []) as string[]);
      for (const name of (n.required ?? []) as string[])
        if (!oldRequired.has(name)) out.push(`${where}.${name}: input newly required`);
    } else {
      const newRequired = new Set((n.required ?? []) as string[]);
      for (const name of (o.required ?? []) as string[])
        if (name in nProps && !newRequired.has(name)) out.push(`${where}.${name}: no longer always present`);
    }
    if (o.items && n.items) compare(o.items, n.items, `${where}[]`, mode, seen);
    for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
      const oList = (o[combinator] ?? []) as unknown[];
      const nList = (n[combinator] ?? []) as unknown[];
      oList.forEach((sub, i) => {
        if (nList[i]) compare(sub, nList[i], `${where}(${combinator} ${i})`, mode, seen);
      });
    }
  };

  const oldPaths = (oldDoc.paths ?? {}) as Record<string, Record<string, Json>>;
  const newPaths = (newDoc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, ops] of Object.entries(oldPaths)) {
    for (const method of METHODS) {
      const o = ops[method];
      if (!o) continue;
      const n = newPaths[path]?.[method];
      const op = `${method.toUpperCase()} ${path}`;
      if (!n) {
        out.push(`${op}: operation removed`);
        continue;
      }
      if (o.operationId && n.operationId !== o.operationId)
        out.push(`${op}: operationId ${String(o.operationId)} changed to ${String(n.operationId)}`);
      const seen = new Set<string>();
      // Parameters: none removed, none newly required.
      const params = (list: unknown) => new Map(((list ?? []) as Json[]).map((p) => [`${p.in}:${p.name}`, p]));
      const oParams = params(o.parameters);
      const nParams = params(n.parameters);
      for (const [k, p] of oParams) {
        const np = nParams.get(k);
        if (!np) out.push(`${op}: parameter ${k} removed`);
        else {
          if (np.required && !p.required) out.push(`${op}: parameter ${k} newly required`);
          compare(p.schema, np.schema, `${op} parameter ${k}`, 'request', seen);
        }
      }
      for (const [k, p] of nParams) if (!oParams.has(k) && p.required) out.push(`${op}: parameter ${k} newly required`);
      // Request body.
      const body = (op0: Json) => (op0.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const oBody = body(o);
      const nBody = body(n);
      if (oBody && !(o.requestBody as Json).required && nBody && (n.requestBody as Json).required)
        out.push(`${op}: request body newly required`);
      if (!oBody && nBody && (n.requestBody as Json).required) out.push(`${op}: request body newly required`);
      for (const [type, media] of Object.entries(oBody ?? {})) {
        if (!nBody?.[type]) out.push(`${op}: request media type ${type} removed`);
        else compare(media.schema, nBody[type].schema, `${op} body`, 'request', seen);
      }
      // Responses, errors included: no status, media type or field removed.
      const oResponses = (o.responses ?? {}) as Record<string, Json>;
      const nResponses = (n.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(oResponses)) {
        const nResponse = nResponses[status];
        if (!nResponse) {
          out.push(`${op}: response ${status} removed`);
          continue;
        }
        const oContent = (response.content ?? {}) as Record<string, Json>;
        const nContent = (nResponse.content ?? {}) as Record<string, Json>;
        for (const [type, media] of Object.entries(oContent)) {
          if (!nContent[type]) out.push(`${op}: response ${status} media type ${type} removed`);
          else compare(media.schema, nContent[type].schema, `${op} ${status}`, 'response', seen);
        }
      }
      // The error codes an operation answers: none removed, none answering another status.
      const entries = (op0: Json) => ((op0['x-error-codes'] ?? []) as ErrorCodeEntry[]).filter((e) => e && e.code);
      const nCodes = new Map(entries(n).map((e) => [e.code, e.status]));
      for (const { code, status } of entries(o)) {
        if (!nCodes.has(code)) out.push(`${op}: x-error-codes entry ${String(code)} removed`);
        else if (nCodes.get(code) !== status)
          out.push(
            `${op}: x-error-codes ${String(code)} status ${String(status)} changed to ${String(nCodes.get(code))}`,
          );
      }
    }
  }
  return [...new Set(out)];
}

const operationsOf = (doc: Json): string[] =>
  Object.entries((doc.paths ?? {}) as Record<string, Json>).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );

const versionOf = (doc: Json): [number, number, number] | undefined => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String((doc.info as Json | undefined)?.version ?? ''));
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};

/**
 * What `info.version` must say of the served document against the released contract: the same major (a break
 * is a new major, with its own frozen file), and a higher minor when operations were added since the release.
 */
export function versionChanges(releasedDoc: Json, servedDoc: Json): string[] {
  const released = versionOf(releasedDoc);
  const served = versionOf(servedDoc);
  const shown = (doc: Json) => String((doc.info as Json | undefined)?.version);
  if (!released || !served) return [`info.version ${shown(servedDoc)} is not MAJOR.MINOR.PATCH`];
  if (served[0] !== released[0])
    return [`info.version ${shown(servedDoc)}: major ${released[0]} is the released contract's, compared with it`];
  const known = new Set(operationsOf(releasedDoc));
  const added = operationsOf(servedDoc).filter((op) => !known.has(op));
  if (added.length && served[1] <= released[1])
    return [
      `info.version ${shown(servedDoc)} must move to ${released[0]}.${released[1] + 1}.0 or later: ` +
        `${added.length} operation(s) added since ${shown(releasedDoc)} (${added.slice(0, 3).join(', ')}${added.length > 3 ? ', …' : ''})`,
    ];
  return [];
}

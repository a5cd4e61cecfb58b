// Breaking changes between two OpenAPI 3.1 documents of the same API: what a client written against
// the old one would trip over in the new one. Checked: a removed operation; a removed field (of a
// request body, a response, or a parameter); a removed enum value; an input that became required
// (a required body field or parameter that was optional or absent); a response field that became
// optional; a changed type (a response that may now hold a type it could not, null included; a request
// that no longer accepts a type it did); a changed format; a renamed operationId (generated clients name
// their functions after it). Additions are never breaking.
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

export function breakingChanges(oldDoc: Json, newDoc: Json): string[] {
  const out: string[] = [];
  const resolveOld = resolver(oldDoc);
  const resolveNew = resolver(newDoc);

  const compare = (oldRaw: unknown, newRaw: unknown, where: string, mode: Mode, seen: Set<string>) => {
    const key = `${where}|${JSON.stringify(oldRaw).slice(0, 200)}`;
    if (seen.has(key) || seen.size > 5000) return;
    seen.add(key);
    const o = resolveOld(oldRaw);
    const n = resolveNew(newRaw);
    if (!o || !n) return;
    if (Array.isArray(o.enum) && Array.isArray(n.enum)) {
      for (const v of o.enum) if (!n.enum.includes(v)) out.push(`${where}: enum value ${JSON.stringify(v)} removed`);
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
      // Success responses: no status, media type or field removed.
      const oResponses = (o.responses ?? {}) as Record<string, Json>;
      const nResponses = (n.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(oResponses)) {
        if (!status.startsWith('2')) continue;
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
    }
  }
  return [...new Set(out)];
}

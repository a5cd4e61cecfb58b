// The console's forms in sentences (src/contract/sentences.ts): a zod error map for its own checks,
// and a resolver that turns every message, the schema's own fragments included, into a sentence.
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { issueSentence, sentence } from '../../../src/contract/sentences';

/** The console's forms speak in sentences: installed once, before any form validates. */
export function installSentenceErrors(): void {
  z.config({ customError: (iss) => issueSentence(iss as never) ?? undefined });
}

type Errors = Record<string, unknown>;
/** Every `message` in react-hook-form's nested errors, as a sentence. */
function sentences(errors: Errors, key = ''): Errors {
  const out: Errors = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === 'message' && typeof v === 'string') out[k] = sentence(v, key);
    else if (v && typeof v === 'object' && k !== 'ref') out[k] = sentences(v as Errors, /^\d+$/.test(k) ? key : k);
    else out[k] = v;
  }
  return out;
}

/**
 * zodResolver with every message a sentence (the schema's own fragments included), so a field says
 * "Must be below wacc …" whether the console or the API found it. `prepare` shapes the values first.
 */
export function sentenceResolver<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  prepare: (values: T) => T = (v) => v,
): Resolver<T> {
  const inner = zodResolver(schema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await inner(prepare(values), context, options);
    return { ...result, errors: sentences(result.errors as Errors) } as typeof result;
  };
}

// The password policy (docs/decisions.md, Credentials): at least 12 characters (the form's rule), and
// not guessable — scored by zxcvbn-ts (pattern matching over a bundled list of common and breached
// passwords, keyboard walks, repeats, sequences and dates) with the person's own e-mail and name as
// words an attacker would try first. A score below 3 ("safely unguessable": about 10^8 guesses) is
// refused with a sentence saying why.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const MIN_SCORE = 3;
let scorer: ZxcvbnFactory | undefined;
// Built on first use: loading the dictionaries takes a moment that only password changes should pay.
const strength = () => (scorer ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** Why `password` may not be used by this person, as a sentence, or null when it may. */
export function weakPasswordReason(password: string, personal: { email?: string; name?: string } = {}): string | null {
  const email = personal.email?.trim().toLowerCase();
  const lower = password.toLowerCase();
  const local = email?.split('@')[0] ?? '';
  if (email && (lower.includes(email) || (local.length >= 4 && lower.includes(local)))) {
    return 'must not contain your e-mail address';
  }
  const inputs = [email, local, ...(personal.name?.split(/\s+/) ?? [])].filter((x): x is string => !!x && x.length >= 3);
  const result = strength().check(password.slice(0, 100), inputs);
  if (result.score >= MIN_SCORE) return null;
  const kinds = new Set(result.sequence.map((m) => m.pattern));
  const why = kinds.has('dictionary')
    ? 'is a common password or built from common words'
    : kinds.has('repeat')
      ? 'repeats characters or a pattern'
      : kinds.has('sequence')
        ? 'is a run of characters such as 12345 or abcde'
        : kinds.has('spatial')
          ? 'is a walk across the keyboard'
          : kinds.has('date')
            ? 'is mostly a date'
            : 'is too easy to guess';
  return `${why}: choose a longer phrase of unrelated words`;
}

// The password policy (docs/decisions.md, Credentials): at least 12 characters (the form's rule), and
// not guessable — scored by zxcvbn-ts (pattern matching over a bundled list of common and breached
// passwords, keyboard walks, repeats, sequences and dates) with what an attacker knows of the person as the
// words tried first: the name (each part, and the parts run together: "rameshkumar"), the e-mail's local
// part and domain and their pieces, and the firm's name. A score below 3 ("safely unguessable": about 10^8 guesses) is
// refused with a sentence saying why.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const MIN_SCORE = 3;
let scorer: ZxcvbnFactory | undefined;
// Built on first use: loading the dictionaries takes a moment that only password changes should pay.
const strength = () => (scorer ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** Why `password` may not be used by this person, as a sentence, or null when it may. */
/**
 * The words an attacker who knows this person tries first, lower-cased: each part of the name, e-mail and firm,
 * and neighbouring parts run together ("Ramesh Kumar" gives ramesh, kumar and rameshkumar).
 */
export function personalWords(personal: { email?: string; name?: string; firmName?: string }): string[] {
  const words = new Set<string>();
  const addRun = (parts: string[]) => {
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j <= parts.length; j++) words.add(parts.slice(i, j).join(''));
    }
  };
  const split = (text: string | undefined) =>
    (text ?? '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const email = personal.email?.trim().toLowerCase() ?? '';
  const [local = '', domain = ''] = email.split('@');
  addRun(split(personal.name));
  addRun(split(local));
  addRun(split(personal.firmName));
  for (const label of domain.split('.').slice(0, -1)) addRun(split(label));
  if (local) words.add(local);
  if (email) words.add(email);
  return [...words].filter((w) => w.length >= 3);
}

export function weakPasswordReason(
  password: string,
  personal: { email?: string; name?: string; firmName?: string } = {},
): string | null {
  const email = personal.email?.trim().toLowerCase();
  const lower = password.toLowerCase();
  const local = email?.split('@')[0] ?? '';
  if (email && (lower.includes(email) || (local.length >= 4 && lower.includes(local)))) {
    return 'must not contain your e-mail address';
  }
  const result = strength().check(password.slice(0, 100), personalWords(personal));
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

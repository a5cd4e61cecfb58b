// The password policy (docs/decisions.md, Credentials): at least 12 characters (the form's rule), and
// not guessable — scored by zxcvbn-ts (pattern matching over a bundled list of common and breached
// passwords, keyboard walks, repeats, sequences and dates) with what an attacker knows of the person as the
// words tried first: the name (each part, and the parts run together: "rameshkumar"), the e-mail's local
// part and domain and their pieces, and the firm's name. A score below 3 ("safely unguessable": about 10^8 guesses) is
// refused with a sentence saying why. Before scoring, a password made only of the person's own words, in any order or
// case, or holding every word of their name, is refused (ownWordsReason).
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

const letterWords = (text: string | undefined) =>
  (text ?? '')
    .toLowerCase()
    .split(/\P{L}+/u)
    .filter((w) => w.length >= 2);

/** True when `letters` is nothing but `words` one after another, each any number of times, in any order. */
function madeOnlyOf(letters: string, words: string[]): boolean {
  const reachable = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let i = 0; i < letters.length; i++) {
    if (!reachable[i]) continue;
    for (const w of words) if (letters.startsWith(w, i)) reachable[i + w.length] = true;
  }
  return reachable[letters.length]!;
}

/**
 * The person's own words, however they are ordered, cased or joined (zxcvbn-ts matches the words it is given but
 * not "kumarramesh" for Ramesh Kumar): refused when the password's letters, lower-cased with digits, spaces and
 * punctuation removed, are only words of the name and the e-mail's local part, or hold every word of the name.
 */
export function ownWordsReason(password: string, personal: { email?: string; name?: string }): string | null {
  const letters = password.toLowerCase().replace(/\P{L}+/gu, '');
  if (letters === '') return null;
  const nameWords = letterWords(personal.name);
  const localWords = letterWords(personal.email?.trim().split('@')[0]);
  const own = [...new Set([...nameWords, ...localWords])];
  if (own.length > 0 && madeOnlyOf(letters, own)) {
    return `is made only of the words of your name or e-mail (${own.join(', ')}), whatever their order, case, digits or punctuation: choose a longer phrase of unrelated words`;
  }
  const named = nameWords.filter((w) => w.length >= 3);
  if (named.length > 0 && named.every((w) => letters.includes(w))) {
    return `contains every word of your name (${named.join(', ')}): choose a longer phrase of unrelated words`;
  }
  return null;
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
  const own = ownWordsReason(password, personal);
  if (own) return own;
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

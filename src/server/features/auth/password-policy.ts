import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.ts';

export const TOO_COMMON = 'This password is too common. Choose a less predictable one.';
export const TOO_GUESSABLE =
  'This password is too easy to guess. Avoid your name, your e-mail address, the word Pathbuilder and repeated or keyboard patterns; a few unrelated words work well.';

/**
 * zxcvbn's score (0-4) a new password must reach. 2 means more than about a million guesses: the login is
 * throttled per account and per address and the hash is argon2id, so that is out of an online attacker's
 * reach, and it refuses `aaaaaaaa`, `pathbuilder`, a name with a digit after it and keyboard walks. 3 would
 * also refuse the demo password `pathbuilder-demo` (2: ten million guesses, the product's name plus a word).
 */
export const MIN_SCORE = 2;

/** Words anyone guessing a Pathbuilder password tries first. */
const PRODUCT_WORDS = ['pathbuilder', 'path builder', 'path', 'builder'];

interface Policy {
  common: Set<string>;
  estimator: ZxcvbnFactory;
}
let policy: Promise<Policy> | null = null;

/**
 * Loaded on first use, server side only (never in a client chunk): the dictionaries are a few megabytes the
 * server needs only when someone chooses a password. The common list is the ~18,000 passwords of at least the
 * minimum length among the ~49,000 most common ones in breach corpora (zxcvbn-ts' maintained list, shipped in
 * the package, so the check works offline).
 */
function loadPolicy(): Promise<Policy> {
  policy ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory: Factory }, language]) => ({
      common: new Set(language.dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH)),
      estimator: new Factory({ dictionary: { ...language.dictionary }, graphs: language.adjacencyGraphs }),
    }),
  );
  return policy;
}

/** What a guesser knows of this person: their name and its words, their address and its local part. */
export function personalWords(person: { full_name?: string; email?: string }): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  const name = person.full_name?.trim().toLowerCase();
  if (name) {
    words.add(name);
    words.add(name.replace(/\s+/g, ''));
    for (const part of name.split(/[\s.'-]+/)) if (part.length >= 2) words.add(part);
  }
  const email = person.email?.trim().toLowerCase();
  if (email) {
    words.add(email);
    const local = email.split('@')[0]!;
    words.add(local);
    for (const part of local.split(/[._+-]+/)) if (part.length >= 2) words.add(part);
  }
  return [...words];
}

/**
 * Why a new password is refused, or null. The length rules are the contract's (zod); this adds what a
 * schema shared with the browser should not carry: the common-password list, compared case-insensitively
 * ("Password123" is as guessable as "password123"), and zxcvbn's estimate with the person's name, address
 * and the product's name as words it tries first.
 */
export async function newPasswordProblem(
  password: string,
  person: { full_name?: string; email?: string } = {},
): Promise<string | null> {
  const { common, estimator } = await loadPolicy();
  if (common.has(password.trim().toLowerCase())) return TOO_COMMON;
  return estimator.check(password, personalWords(person)).score < MIN_SCORE ? TOO_GUESSABLE : null;
}

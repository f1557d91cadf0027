import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.ts';

export const TOO_COMMON = 'This password is too common. Choose a less predictable one.';

let common: Promise<Set<string>> | null = null;

/**
 * The ~18,000 passwords of at least the minimum length among the ~49,000 most common ones in breach corpora
 * (zxcvbn-ts' maintained list, shipped in the package, so the check works offline). Loaded on first use:
 * the list is a few hundred kilobytes the server needs only when someone chooses a password.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH)),
  );
  return common;
}

/**
 * Why a new password is refused, or null. The length rules are the contract's (zod); this adds what a
 * schema shared with the browser should not carry: the common-password list, compared case-insensitively
 * ("Password123" is as guessable as "password123").
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  return (await commonPasswords()).has(password.trim().toLowerCase()) ? TOO_COMMON : null;
}

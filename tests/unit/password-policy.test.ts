import { describe, expect, it } from 'vitest';
import {
  newPasswordProblem,
  personalWords,
  TOO_COMMON,
  TOO_GUESSABLE,
} from '../../src/server/features/auth/password-policy.ts';

const robin = { full_name: 'Robin Park', email: 'robin.park@example.test' };

describe('the new-password policy (zxcvbn with the person’s words)', () => {
  it.each([
    'aaaaaaaa',
    'pathbuilder',
    'Pathbuilder2026',
    'robinpark1',
    'robin.park@example.test',
    'zzzzzzzzzz1',
  ])('refuses "%s" as too easy to guess', async (password) => {
    expect(await newPasswordProblem(password, robin)).toBe(TOO_GUESSABLE);
  });

  it('still names a breached password as common', async () => {
    expect(await newPasswordProblem('Password123', robin)).toBe(TOO_COMMON);
  });

  it.each([
    'pathbuilder-demo',
    'little-acorns-2026',
    'correct-horse-battery',
    'a-brand-new-secret',
    'nope-nope',
  ])('accepts "%s"', async (password) => {
    expect(await newPasswordProblem(password, robin)).toBeNull();
  });

  it('gives the estimator the name, its words, the address and its local part, and the product’s name', () => {
    expect(personalWords(robin)).toEqual(
      expect.arrayContaining(['pathbuilder', 'robin park', 'robinpark', 'robin', 'park', 'robin.park']),
    );
  });
});

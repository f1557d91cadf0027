// The parse of a question's stored content that taking and grading share (questions.service.ts).
import { describe, expect, it } from 'vitest';
import {
  parseContent,
  sharedContent,
  SHARED_CONTENT_LIMIT,
} from '../../src/server/features/questions/questions.service.ts';

const content = (text: string) =>
  JSON.stringify({
    type: 'single_choice',
    options: [
      { id: 'a', text: 'Yes' },
      { id: 'b', text },
    ],
    correct: ['a'],
  });

describe('shared question content', () => {
  it('parses as parseContent does, once per stored text, and an edited text afresh', () => {
    const stored = content('Is play learning?');
    const first = sharedContent(stored);
    expect(first).toEqual(parseContent(stored));
    expect(sharedContent(stored)).toBe(first);
    const edited = sharedContent(content('Is play always learning?'));
    expect(edited).not.toBe(first);
    expect(JSON.stringify(edited)).toContain('always');
    expect(() => sharedContent('{"type":"single_choice"}')).toThrow();
  });

  it('cannot be changed by one caller for the others', () => {
    const parsed = sharedContent(content('Frozen?')) as unknown as { options: Array<{ text: string }> };
    expect(() => {
      parsed.options[0]!.text = 'changed';
    }).toThrow(TypeError);
    expect(() => parsed.options.push({ text: 'more' })).toThrow(TypeError);
    expect(parsed.options[0]!.text).toBe('Yes');
  });

  it('keeps at most its limit, dropping the oldest', () => {
    const oldest = sharedContent(content('oldest'));
    for (let i = 0; i < SHARED_CONTENT_LIMIT; i += 1) sharedContent(content(`filler ${i}`));
    expect(sharedContent(content('oldest'))).not.toBe(oldest);
    expect(sharedContent(content(`filler ${SHARED_CONTENT_LIMIT - 1}`))).toBe(
      sharedContent(content(`filler ${SHARED_CONTENT_LIMIT - 1}`)),
    );
  });
});

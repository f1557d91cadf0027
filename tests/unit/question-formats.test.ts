import { describe, expect, it } from 'vitest';
import type { Question, QuestionContent } from '../../src/shared/contracts/questions.ts';
import { giftEscape, parseGift, writeGift } from '../../src/server/features/questions/gift.ts';
import { categoryTopic, htmlToRichInput } from '../../src/server/features/questions/import-draft.ts';
import { parseMoodleXml } from '../../src/server/features/questions/moodle-xml.ts';
import { writeMoodleXml } from '../../src/server/features/questions/moodle-xml-export.ts';
import { parseXml, XmlError } from '../../src/server/features/questions/xml.ts';

const question = (id: number, content: QuestionContent, extra: Partial<Question> = {}): Question => ({
  id,
  micro_topic_id: 1,
  micro_topic_name: 'Counting to 10',
  sub_topic_name: 'Number',
  subject_id: 1,
  subject_name: 'Maths',
  type: content.type,
  difficulty: 3,
  stem: `<p>Question ${id} &lt;b&gt; {x} = y: ~z #w</p>`,
  explanation: 'Because.',
  image_url: null,
  content,
  used_in: 0,
  practice_only: false,
  updated_at: '',
  parameters: { slip: 0, guess: 0, dont_know_known: 0, dont_know_unknown: 0, answers: 0, fitted_at: null },
  ...extra,
});

const ALL: Question[] = [
  question(1, {
    type: 'single_choice',
    options: [
      { id: 'a', text: 'One = 1' },
      { id: 'b', text: 'Two {2}' },
    ],
    correct: ['b'],
  }),
  question(2, {
    type: 'multiple_choice',
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
      { id: 'c', text: 'C' },
    ],
    correct: ['a', 'c'],
  }),
  question(3, { type: 'true_false', correct: false }, { practice_only: true }),
  question(4, { type: 'short_answer', accepted: ['ten', '10'] }),
  question(5, {
    type: 'matching',
    pairs: [
      { left_id: 'l1', left: 'cat', right_id: 'r1', right: 'cat food' },
      { left_id: 'l2', left: 'dog', right_id: 'r2', right: 'dog food' },
    ],
  }),
  question(6, {
    type: 'ordering',
    items: [
      { id: 'i1', text: 'first' },
      { id: 'i2', text: 'second' },
      { id: 'i3', text: 'third' },
    ],
  }),
];

/** Content without its random ids: what a round trip keeps. */
function shape(c: QuestionContent): unknown {
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice':
      return [c.type, c.options.map((o) => [o.text, c.correct.includes(o.id)])];
    case 'matching':
      return [c.type, c.pairs.map((p) => [p.left, p.right])];
    case 'ordering':
      return [c.type, c.items.map((i) => i.text)];
    default:
      return c;
  }
}

describe('Moodle XML', () => {
  it('writes every type of ours and reads it back the same (stem, key, difficulty, practice-only)', () => {
    const back = parseMoodleXml(writeMoodleXml(ALL, new Map()));
    expect(back).toHaveLength(ALL.length);
    back.forEach((p, i) => {
      if (!('draft' in p)) throw new Error(p.reason);
      expect(shape(p.draft.content)).toEqual(shape(ALL[i]!.content));
      expect(p.draft.difficulty).toBe(3);
      expect(p.draft.practiceOnly).toBe(ALL[i]!.practice_only);
      expect(p.draft.category).toBe('$course$/top/Maths/Number/Counting to 10');
      expect(p.draft.stem).toBe('<p>Question ' + ALL[i]!.id + ' <b> {x} = y: ~z #w</p>');
    });
  });

  it('reads the ordering plugin, partial-mark multiple choice and case-sensitive short answers with notes', () => {
    const parsed = parseMoodleXml(`<quiz>
      <question type="ordering"><name><text>O</text></name><questiontext><text>Order</text></questiontext>
        <answer fraction="1"><text>a</text></answer><answer fraction="2"><text>b</text></answer></question>
      <question type="multichoice"><name><text>M</text></name><questiontext><text>Pick</text></questiontext><single>false</single>
        <answer fraction="50"><text>x</text></answer><answer fraction="25"><text>y</text></answer>
        <answer fraction="-100"><text>z</text></answer></question>
      <question type="shortanswer"><name><text>S</text></name><questiontext><text>Say</text></questiontext><usecase>1</usecase>
        <answer fraction="100"><text>Yes</text></answer><answer fraction="50"><text>Maybe</text></answer></question>
    </quiz>`);
    const [o, m, s] = parsed.map((p) => ('draft' in p ? p.draft : null));
    expect(shape(o!.content)).toEqual(['ordering', ['a', 'b']]);
    expect(shape(m!.content)).toEqual([
      'multiple_choice',
      [
        ['x', true],
        ['y', true],
        ['z', false],
      ],
    ]);
    expect(m!.notes[0]).toContain('Part marks are not kept');
    expect(s!.content).toEqual({ type: 'short_answer', accepted: ['Yes'] });
    expect(s!.notes.join(' ')).toContain('case-sensitively');
  });

  it('embeds images as base64 files and reads them back by name', () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const q = question(
      7,
      { type: 'true_false', correct: true },
      { stem: '<p>See <img src="/api/files/12" alt=""></p>' },
    );
    const xml = writeMoodleXml([q], new Map([[12, { name: 'dot.png', bytes: png }]]));
    expect(xml).toContain(`<file name="dot.png" path="/" encoding="base64">${png.toString('base64')}</file>`);
    const [back] = parseMoodleXml(xml);
    if (!back || !('draft' in back)) throw new Error('not read');
    expect(back.draft.stem).toBe('<p>See [[image:dot.png|]]</p>');
    expect(back.draft.images[0]!.bytes.equals(png)).toBe(true);
  });
});

describe('safe XML', () => {
  it('refuses entity declarations and external document types, and never expands an entity', () => {
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>')).toThrow(/declares entities/);
    expect(() => parseXml('<!DOCTYPE a SYSTEM "http://example.test/a.dtd"><a/>')).toThrow(XmlError);
    expect(() => parseXml('<a>&undeclared;</a>')).toThrow(XmlError);
    expect(parseXml('<a>&lt;&amp;&#65;<![CDATA[<b>]]></a>').text).toBe('<&A<b>');
  });

  it('names the line and column of a broken file', () => {
    expect(() => parseXml('<a>\n<b>\n</a>')).toThrow(/^Line 3, column \d+: /);
  });
});

describe('GIFT', () => {
  it('writes the types GIFT has and reads them back; ordering is left out and named', () => {
    const { text, skipped } = writeGift(ALL);
    expect(skipped.map((q) => q.id)).toEqual([6]);
    expect(text).toContain('// Left out, GIFT has no form for ordering questions: #6');
    const back = parseGift(text);
    expect(back).toHaveLength(5);
    back.forEach((p, i) => {
      if (!('draft' in p)) throw new Error(p.reason);
      expect(shape(p.draft.content)).toEqual(shape(ALL[i]!.content));
      expect(p.draft.difficulty).toBe(3);
      expect(p.draft.practiceOnly).toBe(ALL[i]!.practice_only);
      expect(p.draft.explanation).toBe('Because.');
      expect(p.draft.stem).toBe('<p>Question ' + ALL[i]!.id + ' <b> {x} = y: ~z #w</p>');
    });
  });

  it('keeps weights that add up to 100% as the key, and says so when they do not', () => {
    const [full, part] = parseGift('Two? {~%50%a ~%50%b ~%-100%c}\n\nPart? {~%50%a ~%25%b ~%-100%c}');
    if (!full || !('draft' in full) || !part || !('draft' in part)) throw new Error('not read');
    expect(shape(full.draft.content)).toEqual([
      'multiple_choice',
      [
        ['a', true],
        ['b', true],
        ['c', false],
      ],
    ]);
    expect(full.draft.notes).toEqual([]);
    expect(part.draft.notes[0]).toContain('Part marks are not kept');
  });

  it('escapes every special character', () => {
    expect(giftEscape('a~b=c#d{e}f:g\\h')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h');
  });

  it('reads formats, titles, comments, categories and missing-word questions', () => {
    const [q] = parseGift(
      '// a comment\n$CATEGORY: $course$/top/Animals\n\n::T\\:1::[markdown]The *cat* {=mews ~barks} loudly.',
    );
    if (!q || !('draft' in q)) throw new Error('not read');
    expect(q.title).toBe('T:1');
    expect(q.draft.stem).toBe('The *cat* _____ loudly.');
    expect(q.draft.notes).toContain('The Markdown text was kept as plain text.');
    expect(categoryTopic(q.draft.category)).toBe('Animals');
  });
});

describe('HTML from other systems', () => {
  it('keeps our tags bare, drops the rest with their attributes, and leaves out images from elsewhere', () => {
    const notes: string[] = [];
    expect(
      htmlToRichInput(
        '<div class="x"><b onclick="y()">Bold</b> <span style="c">plain</span><script>alert(1)</script><img src="https://e.test/a.png"></div>',
        notes,
      ),
    ).toBe('<p><strong>Bold</strong> plain</p>');
    expect(notes[0]).toContain('An image from elsewhere');
  });
});

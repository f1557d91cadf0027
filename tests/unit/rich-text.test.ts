import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from '../../src/shared/rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the bare allow-listed tags and escapes everything else', () => {
    expect(sanitizeRichText('<p>A <strong>b</strong> <em>c</em></p><ul><li><p>d</p></li></ul>')).toBe(
      '<p>A <strong>b</strong> <em>c</em></p><ul><li><p>d</p></li></ul>',
    );
    expect(sanitizeRichText('<p class="x">a</p><script>alert(1)</script>')).toBe(
      '&lt;p class=&quot;x&quot;&gt;a</p>&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('keeps section headings of levels 2 and 3, bare; a first-level heading or one with attributes stays text', () => {
    expect(sanitizeRichText('<h2>Why play</h2><h3>Indoors</h3><p>x</p>')).toBe(
      '<h2>Why play</h2><h3>Indoors</h3><p>x</p>',
    );
    expect(sanitizeRichText('<h1>Title</h1><h2 onclick="alert(1)">a</h2>')).toBe(
      '&lt;h1&gt;Title&lt;/h1&gt;&lt;h2 onclick=&quot;alert(1)&quot;&gt;a</h2>',
    );
  });

  it('keeps an image of an uploaded file, rebuilt with only src and alt', () => {
    expect(sanitizeRichText('<img src="/api/files/12" alt="A sand tray" title="t" onerror="alert(1)">')).toBe(
      '<img src="/api/files/12" alt="A sand tray">',
    );
    expect(sanitizeRichText('<img src="/api/files/7">')).toBe('<img src="/api/files/7" alt="">');
  });

  it('leaves any other image as text: remote (trackers), data:, javascript:, other API paths', () => {
    for (const src of [
      'https://tracker.example/pixel.gif',
      '//evil.example/x.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/api/files/1/../../admin',
      '/api/files/0',
      '/api/uploads/abc.png',
      ' /api/files/1',
    ]) {
      const out = sanitizeRichText(`<img src="${src}">`);
      expect(out, src).not.toContain('<img');
    }
    // An attribute smuggled after a quote inside a value is dropped with the rebuild.
    expect(sanitizeRichText('<img src="/api/files/1" alt="x>" onerror="alert(1)">')).toBe(
      '<img src="/api/files/1" alt="x&gt;">',
    );
  });

  it('keeps http(s) and mailto links, opened in a new tab without the opener', () => {
    expect(
      sanitizeRichText('<a target="_blank" rel="noopener" href="https://example.org/a?b=1&c=2">x</a>'),
    ).toBe(
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:teacher@example.org">mail</a>')).toContain(
      '<a href="mailto:teacher@example.org"',
    );
    for (const href of [
      'javascript:alert(1)',
      '&#106;avascript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      '',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).not.toContain('<a ');
    }
    expect(sanitizeRichText('<a href="https://x.test" onclick="alert(1)">x</a>')).not.toContain('onclick=');
  });

  it('rebuilds no tag written inside an attribute value (issue 22: `</a>` came back inside an alt)', () => {
    expect(sanitizeRichText('<img src="/api/files/3" alt="</a><p>x</p>">')).toBe(
      '<img src="/api/files/3" alt="&lt;/a&gt;&lt;p&gt;x&lt;/p&gt;">',
    );
    expect(sanitizeRichText('<a href="https://x.test/</a>">l</a>')).toBe(
      '<a href="https://x.test/&lt;/a&gt;" rel="noopener noreferrer nofollow" target="_blank">l</a>',
    );
    // A refused tag stays text as a whole, what is inside its values included.
    expect(sanitizeRichText('<img src="https://evil.test/t.gif" alt="<strong>">')).not.toContain('<strong>');
  });

  it('changes nothing the second time', () => {
    const inputs = [
      '<p>A &amp; B &lt;tag&gt; "q"</p>',
      '<p><a href="https://example.org/?a=1&b=2">l</a><img src="/api/files/3" alt="a &quot;b&quot;"></p>',
      '<img src="/api/files/3" alt="x>" onerror="y">',
    ];
    for (const input of inputs) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), input).toBe(once);
    }
  });

  it('gives plain text without tags', () => {
    expect(richTextToPlain(sanitizeRichText('<p>Look <img src="/api/files/3" alt="x"> here</p>'))).toBe(
      'Look here',
    );
  });
});

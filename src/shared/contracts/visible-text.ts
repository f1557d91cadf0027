import { z } from 'zod';

/**
 * Characters that show nothing: white space, control and format characters (category Cf: bidi marks and
 * overrides, zero-width joiners, the BOM...), the code points Unicode marks as ignorable when rendering
 * (Hangul fillers, variation selectors...) and the blank braille pattern. A name made only of these is stored
 * and shows as a blank subject.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when the text shows at least one character. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/**
 * A name or title: trimmed, and refused with `message` when nothing of it would show (empty, spaces, or only
 * invisible characters such as `\u202e\u200f`) or when it is shorter than `min`. One check makes both, so a
 * blank value gets one message, and the object's own rules still run after it. Without a message the server
 * names the field as it does for any short text ("The option field is required.", field-labels.ts). Every
 * contract's names and titles use it, so none is saved blank-looking.
 */
export function visibleText(message?: string, min = 1): z.ZodString {
  return z
    .string(message ? { error: (issue) => (issue.code === 'invalid_type' ? message : undefined) } : undefined)
    .trim()
    .superRefine((value, ctx) => {
      if (hasVisibleText(value) && value.length >= min) return;
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input: value,
        ...(message ? { message } : {}),
      });
    });
}

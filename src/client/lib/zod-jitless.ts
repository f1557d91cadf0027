// The Content-Security-Policy allows no eval, and zod's probe for it (to compile its parsers) is reported as
// a violation even though zod catches the refusal: tell it not to try. zod keeps its configuration on this
// global (shared by every copy of zod in the page) and adopts an object that is already there, so setting it
// here, before zod loads with a later screen, keeps zod itself out of the first screen's code.
// tests/client/lib/zod-jitless.test.ts checks that zod still reads it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function makeZodJitless(): void {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}

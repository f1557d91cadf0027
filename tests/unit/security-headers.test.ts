import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtPagesScriptHashes,
  contentSecurityPolicy,
  inlineScriptHashes,
} from '../../src/server/plugins/security-headers.ts';

// sha256 of "alert(1)", base64, as a browser computes it for the CSP (openssl dgst -sha256 -binary | base64).
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

describe('inline scripts allowed by their hash', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('hashes the text of each inline script exactly, and no script that has a src', () => {
    const html =
      '<head><script data-x="a b">alert(1)</script><script type="module" src="/assets/index.js"></script>' +
      '<script defer src="/a.js" data-module="/b.js"></script></head>';
    expect(inlineScriptHashes(html)).toEqual([ALERT_HASH]);
    // One character more is another script: not allowed by that hash.
    expect(inlineScriptHashes('<script>alert(1);</script>')).not.toContain(ALERT_HASH);
  });

  it('puts the hashes beside our origin in script-src, and never allows inline script wholesale', () => {
    const policy = contentSecurityPolicy([ALERT_HASH]);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' ${ALERT_HASH}`);
    expect(/script-src ([^;]*)/.exec(contentSecurityPolicy())?.[1]).toBe("'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).not.toContain("'unsafe-inline'");
  });

  it("reads the built pages' inline scripts: index.html and login.html, each hash once", () => {
    dir = mkdtempSync(join(tmpdir(), 'csp-'));
    writeFileSync(join(dir, 'index.html'), '<script>alert(1)</script>');
    writeFileSync(join(dir, 'login.html'), '<script data-a="1">alert(1)</script><script>alert(2)</script>');
    const hashes = builtPagesScriptHashes(dir);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(ALERT_HASH);
    expect(builtPagesScriptHashes(undefined)).toEqual([]);
    expect(builtPagesScriptHashes(join(dir, 'none'))).toEqual([]);
  });
});

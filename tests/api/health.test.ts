import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('health and errors (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports the database it runs on', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect });
  });

  it('answers an unknown API path with a JSON 404, not the app shell', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});

describe('OpenAPI document', () => {
  it('describes every declared route with its schemas', async () => {
    const t = await startTestApp('sqlite');
    try {
      const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const r of t.routes) {
        const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
        expect(op, `${r.method} ${r.url}`).toBeDefined();
      }
      const login = doc.paths['/api/auth/login'].post;
      expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
        'email',
        'password',
        'remember',
      ]);
      expect(JSON.stringify(doc.paths['/api/refresh'].get.responses)).not.toContain('password_hash');
    } finally {
      await t.close();
    }
  });
});

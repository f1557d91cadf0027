import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRouter, type RouteInfo } from '../../src/server/plugins/routes.ts';

// Responses are written by Fastify's compiled serializer from the route's zod contract (plugins/routes.ts),
// not by a zod parse: this checks it still lets nothing through that the contract does not name.
const item = z.object({ id: z.number(), name: z.string() });
const contract = z.object({
  user: z.object({ id: z.number(), email: z.string(), school_name: z.string().nullable() }),
  items: z.array(item),
  answer: z.discriminatedUnion('type', [
    z.object({ type: z.literal('choice'), choice: z.string() }),
    z.object({ type: z.literal('order'), order: z.array(z.string()) }),
  ]),
  maybe: item.nullable(),
  by_key: z.record(z.string(), item),
});

const leaky = {
  password_hash: 'argon2id$secret',
  user: { id: 1, email: 'a@b.test', school_name: null, password_hash: 'argon2id$secret', is_admin: 1 },
  items: [{ id: 2, name: 'two', answer_key: 'secret' }],
  answer: { type: 'order' as const, order: ['x', 'y'], correct_order: ['y', 'x'] },
  maybe: { id: 3, name: 'three', explanation: 'secret' },
  by_key: { k: { id: 4, name: 'four', correct: true } },
};

describe('response contracts', () => {
  const app = Fastify();
  beforeAll(async () => {
    const route = createRouter(app, [] as RouteInfo[]);
    route({
      method: 'GET',
      url: '/leaky',
      access: 'public',
      summary: 'test',
      response: contract,
      handler: async () => leaky,
    });
    route({
      method: 'GET',
      url: '/csv',
      access: 'public',
      summary: 'test',
      response: z.string(),
      handler: async ({ reply }) => {
        void reply.header('content-type', 'text/csv; charset=utf-8');
        return 'a,b\r\n1,2\r\n';
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends only what the contract names, at every depth, in union members, nullable objects and records', async () => {
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).not.toMatch(/secret|password_hash|is_admin|answer_key|correct/);
    expect(res.json()).toEqual({
      user: { id: 1, email: 'a@b.test', school_name: null },
      items: [{ id: 2, name: 'two' }],
      answer: { type: 'order', order: ['x', 'y'] },
      maybe: { id: 3, name: 'three' },
      by_key: { k: { id: 4, name: 'four' } },
    });
  });

  it('sends a handler’s own non-JSON text as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('a,b\r\n1,2\r\n');
  });
});

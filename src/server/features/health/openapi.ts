import { z } from 'zod';
import type { RouteInfo } from '../../plugins/routes.ts';

const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** An OpenAPI 3.1 document generated from the same zod schemas the routes validate and serialise with. */
export function openApiDocument(routes: RouteInfo[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const security = r.access === 'public' ? [] : [{ bearer: [] }];
    const roles = Array.isArray(r.access) ? ` Roles: ${r.access.join(', ')}.` : '';
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      summary: r.summary + roles,
      security,
      parameters: [...schemaParams(r.params, 'path'), ...schemaParams(r.query, 'query')],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJson(r.body, 'input') } },
            },
          }
        : {}),
      responses: {
        ...(r.response
          ? {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: toJson(r.response, 'output') } },
              },
            }
          : { '204': { description: 'No content' } }),
        '422': { description: 'Validation failed: {message, errors: {field: [messages]}}' },
        ...(r.access === 'public' ? {} : { '401': { description: 'No valid token' } }),
        ...(Array.isArray(r.access) ? { '403': { description: 'Role not allowed' } } : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Pathbuilder API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

function schemaParams(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJson(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

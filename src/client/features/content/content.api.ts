import {
  CONTENT_PATHS,
  contentItemResponseSchema,
  contentListResponseSchema,
} from '../../../shared/contracts/content.ts';
import type { ContentBody, ContentItem } from '../../../shared/contracts/content.ts';
import { delJson, getJson, postJson, putJson } from '../../lib/http.ts';
import { freshJson } from '../../lib/fresh-get.ts';
import type { ContentKind } from './content-kind.ts';

export type ContentPage = { data: ContentItem[]; total: number; page: number; perPage: number };

export async function fetchContentPage(
  kind: ContentKind,
  page: number,
  perPage: number,
  search: string,
  signal?: AbortSignal,
): Promise<ContentPage> {
  const { data, meta } = await getJson(CONTENT_PATHS.admin(kind), {
    query: { page, per_page: perPage, search: search || undefined },
    signal,
    schema: contentListResponseSchema,
  });
  return { data, total: meta.total, page: meta.page, perPage: meta.per_page };
}

export async function fetchContentItem(
  kind: ContentKind,
  id: number | string,
  signal?: AbortSignal,
): Promise<ContentItem> {
  // The editor starts from what is stored now, not a cached copy someone has since changed.
  return (await freshJson(CONTENT_PATHS.adminOne(kind, id), contentItemResponseSchema, signal)).item;
}

export async function saveContentItem(
  kind: ContentKind,
  id: number | undefined,
  body: ContentBody,
): Promise<ContentItem> {
  const opts = { schema: contentItemResponseSchema };
  return (
    id === undefined
      ? await postJson(CONTENT_PATHS.admin(kind), body, opts)
      : await putJson(CONTENT_PATHS.adminOne(kind, id), body, opts)
  ).item;
}

export async function deleteContentItem(kind: ContentKind, id: number): Promise<void> {
  await delJson(CONTENT_PATHS.adminOne(kind, id));
}

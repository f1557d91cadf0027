import { NEEDS_ATTENTION_PATH, needsAttentionSchema } from '../../../shared/contracts/needs-attention.ts';
import { getJson } from '../../lib/http.ts';

/** What needs the teacher now; read fresh, since it is there to be acted on. */
export const fetchNeedsAttention = (signal?: AbortSignal) =>
  getJson(NEEDS_ATTENTION_PATH, { signal, schema: needsAttentionSchema, cache: false });

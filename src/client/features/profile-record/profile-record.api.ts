import {
  PROFILE_RECORD_PATHS,
  profileRecordSchema,
  type ProfileRecord,
} from '../../../shared/contracts/profile-record.ts';
import { getJson } from '../../lib/http.ts';

/** One page of the own record, newest attempts first. */
export function fetchProfileRecord(
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<ProfileRecord> {
  return getJson(PROFILE_RECORD_PATHS.mine, {
    query: { page, per_page: perPage },
    signal,
    schema: profileRecordSchema,
    // Every submitted quiz changes it: a five-minute-old copy would miss the attempt just finished.
    cache: false,
  });
}

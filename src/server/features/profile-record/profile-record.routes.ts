import {
  PROFILE_RECORD_PATHS,
  profileRecordSchema,
  recordQuerySchema,
} from '../../../shared/contracts/profile-record.ts';
import type { Route } from '../../plugins/routes.ts';
import type { ProfileRecordService } from './profile-record.service.ts';

/** Students only, and only their own: the route names no user, so there is no one else's to ask for. */
export function profileRecordRoutes(route: Route, record: ProfileRecordService): void {
  route({
    method: 'GET',
    url: PROFILE_RECORD_PATHS.mine,
    access: ['student'],
    summary: 'The own record: personal details and every attempt with its score, newest first',
    query: recordQuerySchema,
    response: profileRecordSchema,
    handler: ({ query, auth }) => record.mine(auth, query),
  });
}

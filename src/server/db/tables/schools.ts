import type { Generated } from 'kysely';

export interface LocationsTable {
  id: Generated<number>;
  name: string;
}

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  location_id: number;
  created_at: string;
}

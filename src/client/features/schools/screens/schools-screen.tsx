import { useState } from 'react';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { LocationsSection } from '../components/locations-section.tsx';
import { SchoolList } from '../components/school-list.tsx';
import { SchoolRequestsSection } from '../components/school-requests-section.tsx';
import '../schools.css';
import { useSchoolRequests } from '../use-school-requests.ts';
import { useLocations, useSchools } from '../use-schools.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/**
 * Manage Schools: the schools (an admin's: all, to add and edit; a teacher's: their own, to read), the
 * locations they lie in (admins), and the students asking to join.
 */
export default function SchoolsScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const schools = useSchools(search, page);
  const locations = useLocations(isAdmin);
  const requests = useSchoolRequests();
  usePageReady({ loading: schools.loading && !schools.data, error: schools.error });

  return (
    <div className="screen schools-screen">
      <PageTitle>Manage Schools</PageTitle>
      <OfflineStamp updatedAt={schools.updatedAt} />
      <SchoolList
        schools={schools}
        search={search}
        page={page}
        isAdmin={isAdmin}
        onSearch={(s) => {
          setSearch(s);
          setPage(1);
        }}
        onPage={setPage}
      />
      <SchoolRequestsSection requests={requests} />
      {isAdmin && (
        <LocationsSection
          locations={locations}
          onChanged={() => {
            locations.reload();
            schools.reload();
          }}
        />
      )}
    </div>
  );
}

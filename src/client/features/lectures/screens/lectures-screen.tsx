import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../shell/page-title.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { isNotFound, NotAvailable } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { LectureBrowser } from '../components/lecture-browser.tsx';
import { LectureReader } from '../components/lecture-reader.tsx';
import '../lectures.css';
import { useLecture, useLectures } from '../use-lectures.ts';

/** `/lectures` lists them; `/lectures?id={id}` opens one to read (the spec has no route of its own for it). */
export default function LecturesScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <OneLecture key={id} id={id} /> : <AllLectures />;
}

function AllLectures() {
  const list = useLectures();
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  return (
    <div className="screen lectures">
      <PageTitle>Lectures</PageTitle>
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      {!list.data ? <Loading variant="centered" /> : <LectureBrowser lectures={list.data} />}
    </div>
  );
}

function OneLecture({ id }: { id: number }) {
  const lecture = useLecture(id);
  const missing = isNotFound(lecture.error);
  usePageReady({ loading: lecture.loading && !lecture.data, error: missing ? null : lecture.error });
  if (missing)
    return (
      <NotAvailable className="lectures" noun="lecture" back={PATHS.lectures} backLabel="All lectures" />
    );
  return (
    <div className="screen lectures">
      {!lecture.data ? <Loading variant="centered" /> : <LectureReader lecture={lecture.data} />}
    </div>
  );
}

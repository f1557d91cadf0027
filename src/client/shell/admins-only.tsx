import { EmptyState } from '../components/empty-state.tsx';
import { usePageReady } from './page-load.tsx';

/** What a back-office screen shows a teacher where only admins may go; the page has nothing to load. */
export function AdminsOnly({ text }: { text: string }) {
  usePageReady({ loading: false, error: null });
  return <EmptyState title="Admins only" text={text} />;
}

import { useSyncStatus } from '../quiz-sync.ts';

export function pendingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`;
}

/** Offline or online, and how many answers the server does not have yet (DESIGN.md section 5). */
export function SyncStatus({ attemptId }: { attemptId: string }) {
  const { online, pending } = useSyncStatus(attemptId);
  return (
    <p className={`sync-status${online ? '' : ' sync-status--offline'}`} role="status">
      {!online && <span className="badge badge--warning">Offline</span>}{' '}
      {pending > 0 ? pendingText(pending) : online ? 'All answers saved' : 'Answers are kept on this device'}
    </p>
  );
}

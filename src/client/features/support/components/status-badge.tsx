import { SUPPORT_STATUS_LABELS, type SupportStatus } from '../../../../shared/contracts/support.ts';

const TONE: Record<SupportStatus, string> = {
  open: 'badge--warning',
  answered: 'badge--success',
  closed: 'badge--info',
};

/** The status in words (colour is never the only signal). */
export function StatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`badge ${TONE[status]}`}>{SUPPORT_STATUS_LABELS[status]}</span>;
}

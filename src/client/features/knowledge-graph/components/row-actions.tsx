import { useEffect, useRef } from 'react';
import { ActionsMenu } from '../../../components/actions-menu.tsx';
import type { ActionsMenuHandle } from '../../../components/actions-menu.tsx';

/**
 * One "Actions for <name>" menu per tree row: edit, move up, move down and, apart at the end, delete
 * (which still asks first). Reordering by keyboard: open the menu, pick Move up or Move down.
 */
export function RowActions({
  name,
  index,
  count,
  busy,
  editLabel = 'Rename',
  onEdit,
  onMove,
  onDelete,
}: {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  editLabel?: string;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}) {
  const menu = useRef<ActionsMenuHandle>(null);
  // A moved row is put back in the DOM at its new place, which drops the focus: give it back to its menu
  // button, so a keyboard user can move it again.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    menu.current?.focus();
  }, [index]);
  const move = (step: -1 | 1) => {
    moved.current = true;
    onMove(step);
  };

  return (
    <div className="kg-row-actions">
      <ActionsMenu
        ref={menu}
        label={`Actions for ${name}`}
        actions={[
          { label: editLabel, onSelect: onEdit, disabled: busy },
          { label: 'Move up', onSelect: () => move(-1), disabled: busy || index === 0 },
          { label: 'Move down', onSelect: () => move(1), disabled: busy || index === count - 1 },
          { label: 'Delete', onSelect: onDelete, disabled: busy, danger: true, separated: true },
        ]}
      />
    </div>
  );
}

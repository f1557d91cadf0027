import type { ReactNode } from 'react';
import { RESOURCE_LIMITS } from '../../../../shared/contracts/resources.ts';
import type { DropdownOption } from '../../../components/dropdown.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';

/** What a file's entry says about it: the title, the description and the micro topics it teaches. */
export interface ResourceEntry {
  title: string;
  description: string;
  topicIds: number[];
}

/**
 * The entry's fields, as the upload and the editor both show them; `children` come between the description and
 * the topics (the editor's folder).
 */
export function ResourceFields({
  entry,
  onChange,
  topics,
  errors,
  children,
}: {
  entry: ResourceEntry;
  onChange: (entry: ResourceEntry) => void;
  topics: readonly DropdownOption<number>[];
  errors: Record<string, string[] | undefined>;
  children?: ReactNode;
}) {
  const set = (patch: Partial<ResourceEntry>) => onChange({ ...entry, ...patch });
  return (
    <>
      <TextField
        label="Title"
        name="title"
        value={entry.title}
        onChange={(title) => set({ title })}
        maxLength={RESOURCE_LIMITS.title}
        required
        errors={errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        value={entry.description}
        onChange={(description) => set({ description })}
        maxLength={RESOURCE_LIMITS.description}
        errors={errors.description}
      />
      {children}
      <Dropdown<number>
        multiple
        label="Micro topics it teaches"
        name="micro_topic_ids"
        options={topics}
        value={entry.topicIds}
        onChange={(topicIds) => set({ topicIds })}
        error={errors.micro_topic_ids?.[0]}
      />
    </>
  );
}

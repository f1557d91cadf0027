import { formatBytes } from '../../../../shared/contracts/files.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { DateTimePicker } from '../../../components/date-time-picker.tsx';
import { TextField } from '../../../components/form-field.tsx';
import type { ContentDraft } from '../content-draft.ts';
import { browserDuration, UploadField } from './upload-field.tsx';
import { CheckField } from '../../../components/check-field.tsx';

type Props = {
  draft: ContentDraft;
  change: (patch: Partial<ContentDraft>) => void;
  errors: FieldErrors;
};

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A video: an uploaded MP4/WebM (with its poster) or a link to YouTube, Vimeo or another https site. */
export function VideoFields({ draft, change, errors }: Props) {
  return (
    <>
      <fieldset className="bo-fieldset">
        <legend>Video</legend>
        <div className="bo-toolbar">
          <CheckField
            type="radio"
            name="source"
            checked={draft.source === 'file'}
            onChange={() => change({ source: 'file' })}
          >
            Upload a file
          </CheckField>
          <CheckField
            type="radio"
            name="source"
            checked={draft.source === 'link'}
            onChange={() => change({ source: 'link' })}
          >
            Link to a video elsewhere
          </CheckField>
        </div>
        {draft.source === 'file' ? (
          <>
            {draft.video && (
              <p className="content-file" data-testid="video-file">
                {draft.video.name} · {formatBytes(draft.video.size)}
                {draft.duration_seconds !== null && ` · ${formatDuration(draft.duration_seconds)}`}
              </p>
            )}
            <UploadField
              label={draft.video ? 'Replace the video file' : 'Video file'}
              kind="video"
              accept="video/mp4,video/webm"
              hint="MP4 or WebM, at most 500 MB. Its length is read from the file."
              errors={errors.video_file_id}
              onUploaded={(stored, chosen) => {
                change({
                  video: { id: stored.id, name: stored.name, size: stored.size },
                  duration_seconds: null,
                });
                void browserDuration(chosen).then((duration_seconds) => {
                  if (duration_seconds !== null) change({ duration_seconds });
                });
              }}
            />
          </>
        ) : (
          <TextField
            label="Video link"
            name="external_url"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            hint="YouTube and Vimeo links play in the app; other sites open in a new tab. Progress is not tracked for links."
            value={draft.external_url}
            onChange={(external_url) => change({ external_url })}
            errors={errors.external_url}
          />
        )}
      </fieldset>
      <div className="content-poster">
        {draft.poster && (
          <p className="content-file">
            Poster: {draft.poster.name}{' '}
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => change({ poster: null })}
            >
              Remove poster
            </button>
          </p>
        )}
        <UploadField
          label={draft.poster ? 'Replace the poster image' : 'Poster image (optional)'}
          kind="image"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hint="Shown before the video plays. PNG, JPEG, GIF or WebP, at most 5 MB."
          errors={errors.poster_file_id}
          onUploaded={(stored) => change({ poster: { id: stored.id, name: stored.name, size: stored.size } })}
        />
      </div>
    </>
  );
}

/** Files a lecture comes with (PDFs, documents, images), in the order added. */
export function AttachmentFields({ draft, change, errors }: Props) {
  return (
    <fieldset className="bo-fieldset">
      <legend>Attachments</legend>
      {draft.attachments.length > 0 && (
        <ul className="content-attachments">
          {draft.attachments.map((a) => (
            <li key={a.id}>
              <span>
                {a.name} · {formatBytes(a.size)}
              </span>
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Remove ${a.name}`}
                onClick={() => change({ attachments: draft.attachments.filter((x) => x.id !== a.id) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadField
        label="Add files"
        kind="document"
        multiple
        accept=".pdf,.txt,.docx,.xlsx,.pptx,image/*"
        hint="PDF, plain text, Word, Excel, PowerPoint or images, at most 50 MB each."
        errors={errors.attachment_file_ids}
        onUploaded={(stored) =>
          change({
            attachments: [
              ...draft.attachments.filter((a) => a.id !== stored.id),
              { id: stored.id, name: stored.name, size: stored.size },
            ],
          })
        }
      />
    </fieldset>
  );
}

/** When a live discussion happens and where its call is. */
export function LiveFields({ draft, change, errors }: Props) {
  return (
    <>
      <DateTimePicker
        mode="datetime"
        label="Starts"
        name="starts_at"
        required
        value={draft.starts_at}
        onChange={(starts_at) => change({ starts_at })}
        error={errors.starts_at?.join(' ')}
      />
      <DateTimePicker
        mode="datetime"
        label="Ends"
        name="ends_at"
        required
        value={draft.ends_at}
        onChange={(ends_at) => change({ ends_at })}
        error={errors.ends_at?.join(' ')}
      />
      <TextField
        label="Meeting link (optional)"
        name="meeting_url"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={draft.meeting_url}
        onChange={(meeting_url) => change({ meeting_url })}
        errors={errors.meeting_url}
      />
    </>
  );
}

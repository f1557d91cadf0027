import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { FILE_KINDS } from '../../../shared/contracts/files.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { uploadFile } from '../../lib/files.ts';
import { editorExtensions, LINK_PROTOCOL } from './extensions.ts';
import { BulletIcon, ImageIcon, LinkIcon, NumberedListIcon } from './toolbar-icons.tsx';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** Sanitised rich text (as stored); '' for none. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the element whose text names the field (its label). */
  labelId: string;
  /** The field's label, to name its toolbar ("Question text formatting"). */
  label: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** For tests and styling: the field's name. */
  name: string;
  minRows?: number;
}

type Tool = {
  id: 'heading' | 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList' | 'link' | 'image';
  label: string;
  icon: ReactNode;
  active?: boolean;
};

/**
 * A rich-text editor (TipTap) with a toolbar of named buttons. Loaded on its own, only on authoring screens
 * (rich-text-field.tsx), so students never download it.
 */
export default function RichTextEditor({
  value,
  onChange,
  labelId,
  label,
  describedBy,
  invalid,
  required,
  name,
  minRows = 4,
}: RichTextEditorProps) {
  const editor = useEditor(
    {
      extensions: editorExtensions,
      content: value,
      // The stylesheet is ours (rich-text-editor.css): no <style> element injected at run time.
      injectCSS: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          class: 'rich-editor__content field__input',
          style: `min-height: ${minRows * 1.6}em`,
          'data-name': name,
          ...(required ? { 'aria-required': 'true' } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
      // An empty editor is '' (not "<p></p>"), so a required field left blank is reported as missing.
      onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    },
    // No dependencies: changed options (aria-invalid after a refused save) are applied to the same editor, so
    // the caret and the undo history survive.
    [],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive('heading', { level: 2 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { id: 'heading', label: 'Heading', icon: <b>H</b>, active: state.heading },
    { id: 'bold', label: 'Bold', icon: <b>B</b>, active: state.bold },
    { id: 'italic', label: 'Italic', icon: <i>I</i>, active: state.italic },
    { id: 'underline', label: 'Underline', icon: <u>U</u>, active: state.underline },
    { id: 'bulletList', label: 'Bulleted list', icon: <BulletIcon />, active: state.bulletList },
    { id: 'orderedList', label: 'Numbered list', icon: <NumberedListIcon />, active: state.orderedList },
    { id: 'link', label: 'Link', icon: <LinkIcon />, active: state.link },
    { id: 'image', label: 'Image', icon: <ImageIcon /> },
  ];
  const runTool = (id: Tool['id']) => {
    switch (id) {
      case 'heading':
        return chain().toggleHeading({ level: 2 }).run();
      case 'bold':
        return chain().toggleBold().run();
      case 'italic':
        return chain().toggleItalic().run();
      case 'underline':
        return chain().toggleUnderline().run();
      case 'bulletList':
        return chain().toggleBulletList().run();
      case 'orderedList':
        return chain().toggleOrderedList().run();
      case 'link':
        return setLinkDraft(String(editor.getAttributes('link').href ?? 'https://'));
      case 'image':
        return fileInput.current?.click();
    }
  };

  // One tab stop for the toolbar, arrow keys within it (the ARIA toolbar pattern).
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tools.length - 1
          : (focusIndex + step + tools.length) % tools.length;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    setFocusIndex(to);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[to]?.focus();
  };

  const applyLink = () => {
    const href = (linkDraft ?? '').trim();
    if (href === '' || href === 'https://') {
      chain().extendMarkRange('link').unsetLink().run();
    } else if (!LINK_PROTOCOL.test(href)) {
      setProblem('A link must start with https://, http:// or mailto:.');
      return;
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    setProblem(null);
    setLinkDraft(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblem(null);
    const kind = FILE_KINDS.image;
    if (file.size > kind.maxBytes) {
      setProblem(`The image may be at most ${Math.round(kind.maxBytes / (1024 * 1024))} MB.`);
      return;
    }
    setUpload({ name: file.name, progress: 0 });
    try {
      const stored = await uploadFile(file, 'image', (progress) => setUpload({ name: file.name, progress }));
      const alt = stored.name.replace(/\.[a-z0-9]+$/i, '').replace(/["<>]/g, '');
      chain().setImage({ src: stored.url, alt }).run();
    } catch (error) {
      const messages = error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [];
      setProblem(messages.length ? messages.join(' ') : errorMessage(error));
    } finally {
      setUpload(null);
    }
  };

  return (
    <div className={`rich-editor${invalid ? ' rich-editor--invalid' : ''}`}>
      <div
        ref={toolbar}
        className="rich-editor__toolbar"
        role="toolbar"
        aria-label={`${label} formatting`}
        onKeyDown={onToolbarKey}
      >
        {tools.map((tool, i) => (
          <button
            key={tool.label}
            type="button"
            className="bo-icon-button rich-editor__tool"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            tabIndex={i === focusIndex ? 0 : -1}
            disabled={tool.id === 'image' && upload !== null}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => runTool(tool.id)}
          >
            <span aria-hidden="true">{tool.icon}</span>
          </button>
        ))}
      </div>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={FILE_KINDS.image.types.join(',')}
        data-testid={`${name}-image-file`}
        onChange={(e) => void onFile(e)}
      />
      {linkDraft !== null && (
        <div className="rich-editor__link" role="group" aria-label="Link">
          <label className="rich-editor__link-label">
            Link address
            <input
              type="url"
              className="field__input"
              value={linkDraft}
              autoFocus
              onChange={(e) => setLinkDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  setLinkDraft(null);
                  editor.commands.focus();
                }
              }}
            />
          </label>
          <button type="button" className="button button--small" onClick={applyLink}>
            Apply link
          </button>
          {state.link && (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkDraft(null);
              }}
            >
              Remove link
            </button>
          )}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              setLinkDraft(null);
              editor.commands.focus();
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {upload && (
        <div className="rich-editor__upload" role="status">
          <label>
            Uploading {upload.name}: {Math.round(upload.progress * 100)}%
            <progress max={1} value={upload.progress} />
          </label>
        </div>
      )}
      {problem && (
        <p className="field__errors" role="alert">
          {problem}
        </p>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

import Image from '@tiptap/extension-image';
import { OrderedList } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { LINK_REL, RICH_TEXT_IMAGE_SRC } from '../../../shared/rich-text.ts';
import { fileObjectUrl } from '../../lib/files.ts';

/**
 * The editor's schema is the sanitiser's allow-list (src/shared/rich-text.ts) and nothing more, so what an
 * author makes is what the server keeps: paragraphs, line breaks, bold, italic, underline, inline code, lists,
 * http(s)/mailto links, images of our own uploaded files, and headings of levels 2 and 3. Quotes, code blocks, rules and
 * strike-through are left out (their input rules too: "# " stays text); pasted markup outside the schema is
 * dropped by the editor's parser before the server ever sees it.
 */

/** `<ol>` without `start` or `type`: the sanitiser keeps lists bare. */
const BareOrderedList = OrderedList.extend({
  addAttributes() {
    return {
      start: { default: 1, parseHTML: () => 1, renderHTML: () => ({}) },
      type: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
    };
  },
});

/** Images of our own files only, with src and alt; shown through an authenticated fetch (an <img> has no token). */
const FileImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (el) => (RICH_TEXT_IMAGE_SRC.test(el.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      img.alt = String(node.attrs.alt ?? '');
      img.className = 'rich-editor__image';
      img.dataset.fileSrc = String(node.attrs.src);
      void fileObjectUrl(String(node.attrs.src)).then(
        (url) => (img.src = url),
        () => (img.alt = 'The picture could not be loaded'),
      );
      return { dom: img };
    };
  },
}).configure({ inline: false, allowBase64: false });

export const LINK_PROTOCOL = /^(https?:\/\/|mailto:)/i;

export const editorExtensions = [
  StarterKit.configure({
    // Two levels below the screen's own h1, as the sanitiser keeps them.
    heading: { levels: [2, 3] },
    blockquote: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    orderedList: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      isAllowedUri: (url) => LINK_PROTOCOL.test(url),
      HTMLAttributes: { target: '_blank', rel: LINK_REL, class: null },
    },
  }),
  BareOrderedList,
  FileImage,
];

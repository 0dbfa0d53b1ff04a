import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/es/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import './rich-text.css';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  /** uploads a picked image and answers its url; without it the image button is hidden */
  onUploadImage?: (file: File) => Promise<string>;
  placeholder?: string;
  minHeight?: number;
}

/** The rich-text editor (tiptap). Its HTML is sanitised again by the server on save. */
export function RichText({ value = '', onChange, onUploadImage, minHeight = 260 }: RichTextProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }), Image],
    content: value,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // a new value from outside (loading a notice) replaces the content
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const btn = (title: string, active: boolean, onClick: () => void, icon: ReactNode) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={onClick} aria-label={title} />
    </Tooltip>
  );
  const text = (title: string, active: boolean, onClick: () => void, label: string) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} onClick={onClick} aria-label={title}>
        {label}
      </Button>
    </Tooltip>
  );
  const setLink = () => {
    const prev = editor.getAttributes('link').href as string | undefined;
    const url = window.prompt('链接地址（http:// 或 https://）', prev ?? 'https://');
    if (url === null) return;
    if (url === '' || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:\/\/|\/)/i.test(url)) chain().extendMarkRange('link').setLink({ href: url, target: '_blank' }).run();
  };
  return (
    <div className="xt-richtext" data-testid="rich-text">
      <div className="xt-richtext-toolbar">
        {btn('加粗', !!state?.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
        {btn('斜体', !!state?.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
        {btn('下划线', !!state?.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined />)}
        {btn('删除线', !!state?.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined />)}
        <Divider type="vertical" />
        {text('二级标题', !!state?.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {text('三级标题', !!state?.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {btn('无序列表', !!state?.bullet, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
        {btn('有序列表', !!state?.ordered, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
        {text('引用', !!state?.quote, () => chain().toggleBlockquote().run(), '❝')}
        <Divider type="vertical" />
        {btn('链接', !!state?.link, setLink, <LinkOutlined />)}
        {onUploadImage && btn('插入图片', false, () => fileRef.current?.click(), <PictureOutlined />)}
        <Divider type="vertical" />
        {btn('撤销', false, () => chain().undo().run(), <UndoOutlined />)}
        {btn('重做', false, () => chain().redo().run(), <RedoOutlined />)}
      </div>
      <EditorContent editor={editor} className="xt-richtext-body" style={{ minHeight }} />
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        // inside a Form.Item antd shows file inputs as blocks (`input[type=file] {display: block}`),
        // which beats the hidden attribute: the toolbar's 图片 button is the control
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        data-testid="rich-text-image-input"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file || !onUploadImage) return;
          const src = await onUploadImage(file);
          chain().setImage({ src, alt: file.name }).run();
        }}
      />
    </div>
  );
}

// The viewer lives apart so that pages showing HTML do not load the editor (tiptap, ~110 KB
// brotli): import RichTextView from './RichTextView', never from here.

import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './RichText';

// tiptap and ProseMirror are the heaviest code of the app: fetched when an editor first shows
const Editor = lazy(() => import('./RichText').then((m) => ({ default: m.RichText })));

/** The rich-text editor, loaded on demand; same props as RichText (Form.Item passes value/onChange). */
export function LazyRichText(props: RichTextProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}

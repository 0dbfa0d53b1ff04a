import './rich-text.css';

/** Shows sanitised notice HTML (the server cleans it on save). */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`xt-richtext-view ${className ?? ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: notice HTML is sanitised by the server on save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

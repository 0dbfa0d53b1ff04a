/** A question stem: sanitised HTML from the bank (the server cleans it on save). Kept apart from the editor bundle. */
/** `id`: for the answer boxes that take the question as their name */
export function Stem({ html, id }: { html: string; id?: string }) {
  return (
    <div
      id={id}
      className="xt-richtext-view"
      style={{ margin: '6px 0 12px', overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stems are sanitised by the server when the question is saved
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

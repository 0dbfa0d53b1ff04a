/** Text of stored rich HTML: tags dropped (each replaced by `tagGap`) and the common entities decoded. */
export function htmlText(html: string, tagGap = ' '): string {
  return (
    html
      .replace(/<[^>]*>/g, tagGap)
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      // last, so that "&amp;lt;" stays the text "&lt;"
      .replace(/&amp;/g, '&')
  );
}

/** One line of rich HTML's text, at most `max` characters; `ellipsis` marks a cut with "…". */
export function htmlExcerpt(html: string, max: number, opts: { ellipsis?: boolean } = {}): string {
  const text = htmlText(html).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return opts.ellipsis ? `${text.slice(0, max)}…` : text.slice(0, max);
}

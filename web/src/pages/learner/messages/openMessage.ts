import type { MessageLink } from '@xuetu/contract';

export type MessageTarget = { kind: 'tabin'; path: string; search: string } | { kind: 'tabiout'; url: string } | null;

/** Where opening a message goes (messageUrl JSON: pc.type 'tabin' path + query, or 'tabiout' external link). */
export function messageTarget(messageUrl: string): MessageTarget {
  if (!messageUrl) return null;
  let parsed: MessageLink;
  try {
    parsed = JSON.parse(messageUrl) as MessageLink;
  } catch {
    return null;
  }
  const pc = parsed?.pc;
  if (
    pc?.type === 'tabin' &&
    pc.value &&
    typeof pc.value === 'object' &&
    typeof pc.value.path === 'string' &&
    pc.value.path.startsWith('/')
  ) {
    const query = new URLSearchParams(Object.entries(pc.value.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
    return { kind: 'tabin', path: pc.value.path, search: query ? `?${query}` : '' };
  }
  if (pc?.type === 'tabiout' && typeof pc.value === 'string' && /^https?:\/\//i.test(pc.value)) return { kind: 'tabiout', url: pc.value };
  return null;
}

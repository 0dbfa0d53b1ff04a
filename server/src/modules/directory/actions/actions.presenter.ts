import type { ActionView } from '@xuetu/contract';
import type { ActionRow } from './actions.repository.ts';

export function presentAction(r: ActionRow, child: ActionView[] = []): ActionView {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    url: r.url,
    icon: r.icon,
    needAction: r.needAction,
    sort: r.sort,
    isHidden: r.isHidden,
    parentId: r.parentId,
    status: r.status,
    code: r.code,
    value: r.value,
    child,
  };
}

/** Rows → tree; `keep` decides which rows appear (a kept row's ancestors appear too). */
export function presentActionTree(rows: ActionRow[], keep: (r: ActionRow) => boolean): ActionView[] {
  const byParent = new Map<number, ActionRow[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: number, depth: number): ActionView[] =>
    depth > 20
      ? []
      : (byParent.get(parentId) ?? []).flatMap((r) => {
          const child = build(r.id, depth + 1);
          return keep(r) || child.length ? [presentAction(r, child)] : [];
        });
  return build(0, 0);
}

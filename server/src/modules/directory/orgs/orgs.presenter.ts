import type { OrgNode } from '@xuetu/contract';
import type { OrgRow } from './orgs.repository.ts';

/** Rows → nested nodes; a node whose parent is not in the list becomes a top node. */
export function presentOrgTree(rows: OrgRow[]): OrgNode[] {
  const nodes = new Map<number, OrgNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      orgCode: r.orgCode,
      orgName: r.orgName,
      label: r.orgName,
      pId: r.pId,
      order: r.sortOrder,
      companySysCode: r.companySysCode,
      children: [],
    });
  }
  const tops: OrgNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as OrgNode;
    const parent = r.pId ? nodes.get(r.pId) : undefined;
    if (parent) parent.children.push(node);
    else tops.push(node);
  }
  return tops;
}

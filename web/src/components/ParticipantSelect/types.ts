import type { OrgNode, PostView, UserRowView } from '@xuetu/contract';
import type { TreeDataNode } from 'antd';

export type ParticipantTab = 'user' | 'org' | 'post' | 'import';

export interface ParticipantOrg {
  id: number;
  orgCode: string;
  orgName: string;
}

/** What the dialog hands back: people, whole departments and whole posts. */
export interface ParticipantSelection {
  users: UserRowView[];
  orgs: ParticipantOrg[];
  posts: PostView[];
}

export const EMPTY_SELECTION: ParticipantSelection = { users: [], orgs: [], posts: [] };

/** A tab's view of the selection: the part it edits and a way to replace it. */
export interface TabProps<K extends keyof ParticipantSelection> {
  value: ParticipantSelection[K];
  onChange: (next: ParticipantSelection[K]) => void;
  /** platform staff: the company whose people are chosen ('' = the caller's own scope) */
  companySysCode: string;
}

export const toTree = (nodes: OrgNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.label, children: toTree(n.children) }));
export const flatOrgs = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flatOrgs(n.children)]);

/** Adds the rows not in the list yet (by key), keeping the order they were picked in. */
export function addUnique<T>(list: T[], rows: T[], key: (row: T) => string | number): T[] {
  const have = new Set(list.map(key));
  const out = [...list];
  for (const r of rows) {
    if (have.has(key(r))) continue;
    have.add(key(r));
    out.push(r);
  }
  return out;
}

export const removeKeys = <T>(list: T[], rows: T[], key: (row: T) => string | number): T[] => {
  const gone = new Set(rows.map(key));
  return list.filter((r) => !gone.has(key(r)));
};

import type { OrgNode } from '@xuetu/contract';
import { Empty, Spin, Tree } from 'antd';
import { useOrgTree } from './queries';
import { flatOrgs, type TabProps, toTree } from './types';

/** 部门: whole departments in a checkbox tree (a department includes its sub-departments on the server). */
export function OrgTab({ value, onChange, companySysCode }: TabProps<'orgs'>) {
  const tree = useOrgTree(companySysCode);
  if (tree.isPending) return <Spin />;
  if (!tree.data?.length) return <Empty />;
  const orgById = new Map(flatOrgs(tree.data).map((o) => [o.id, o]));
  return (
    <div style={{ maxHeight: 420, overflow: 'auto' }} data-testid="participant-org-tab">
      <Tree
        checkable
        // each department is picked on its own: ticking a child does not tick the parent
        checkStrictly
        defaultExpandAll
        treeData={toTree(tree.data)}
        checkedKeys={value.map((o) => o.id)}
        onCheck={(keys) => {
          const ids = (Array.isArray(keys) ? keys : keys.checked).map(Number);
          onChange(
            ids
              .map((id) => orgById.get(id))
              .filter((o): o is OrgNode => Boolean(o))
              .map((o) => ({ id: o.id, orgCode: o.orgCode, orgName: o.orgName })),
          );
        }}
      />
    </div>
  );
}

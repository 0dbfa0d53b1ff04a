import { ACTION_TREE, type ActionNode, flattenActions, Perm, SysRole } from '@xuetu/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../client.ts';
import { actions, roleActions, roles } from '../schema/index.ts';

/** The platform's built-in roles. Company administrators build further roles from these actions. */
export const BUILTIN_ROLES = [
  { code: 'admin', roleName: '平台管理员', sysRoleEnum: SysRole.PlatformAdmin },
  { code: 'operator', roleName: '平台运营', sysRoleEnum: SysRole.PlatformOperator },
  { code: 'corpadmin', roleName: '企业管理员', sysRoleEnum: SysRole.CompanyAdmin },
  { code: 'learner', roleName: '学员', sysRoleEnum: SysRole.Learner },
] as const;

const subtree = (value: string): string[] => {
  const find = (nodes: ActionNode[]): ActionNode | undefined => {
    for (const n of nodes) {
      if (n.value === value) return n;
      const hit = find(n.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(ACTION_TREE);
  return node ? flattenActions([node]).map((n) => n.value) : [];
};

/** Default grants of the built-in roles (the administrator holds every action implicitly). */
export function defaultGrants(roleCode: string): Set<string> {
  const all = flattenActions().map((n) => n.value);
  const except = (list: string[], drop: string[]) => list.filter((v) => !drop.includes(v));
  switch (roleCode) {
    case 'operator':
      return new Set(except(all, subtree('Menu.System')));
    case 'corpadmin':
      return new Set([
        ...subtree('Menu.Study'),
        ...except(subtree('Menu.User'), [...subtree(Perm.CompanyList), Perm.UserSysEdit, Perm.UserSetCompany]),
        ...subtree('Menu.Training'),
        ...subtree('Menu.Exam'),
        'Menu.Content',
        ...subtree(Perm.NoticeList),
        Perm.MessageSend,
        'Menu.System',
        ...subtree(Perm.RoleList),
        ...subtree(Perm.IdentitySourceList),
      ]);
    case 'learner':
      return new Set(subtree('Menu.Study'));
    default:
      return new Set();
  }
}

/**
 * Inserts the actions of contract's ACTION_TREE that the database does not have yet (matched by
 * code) and grants new ones to the built-in roles. Existing rows are left as administrators edited them.
 */
export async function syncActionTree(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await ensureBuiltinRoles(tx);
    const existing = new Map((await tx.select({ id: actions.id, code: actions.code }).from(actions)).map((r) => [r.code, r.id]));
    const added: { id: number; value: string }[] = [];
    const walk = async (nodes: ActionNode[], parentId: number) => {
      let sort = 0;
      for (const node of nodes) {
        sort += 10;
        let id = existing.get(node.value);
        if (id === undefined) {
          const [row] = await tx
            .insert(actions)
            .values({
              parentId,
              name: node.name,
              type: node.type,
              url: node.url ?? '',
              icon: node.icon ?? '',
              sort,
              isHidden: node.isHidden ?? 0,
              code: node.value,
              value: node.value,
            })
            .returning({ id: actions.id });
          id = row.id;
          added.push({ id, value: node.value });
        }
        await walk(node.children ?? [], id);
      }
    };
    await walk(ACTION_TREE, 0);
    if (added.length) {
      const roleRows = await tx
        .select()
        .from(roles)
        .where(
          inArray(
            roles.code,
            BUILTIN_ROLES.map((r) => r.code),
          ),
        );
      for (const role of roleRows) {
        const grants = defaultGrants(role.code);
        const rows = added.filter((a) => grants.has(a.value)).map((a) => ({ roleId: role.id, actionId: a.id }));
        if (rows.length) await tx.insert(roleActions).values(rows).onConflictDoNothing();
      }
    }
    return added.length;
  });
}

async function ensureBuiltinRoles(tx: DbOrTx) {
  for (const r of BUILTIN_ROLES) {
    const [found] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, r.code)).limit(1);
    if (!found) await tx.insert(roles).values({ ...r, companySysCode: null });
  }
}

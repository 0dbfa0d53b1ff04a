import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { DbOrTx } from '../client.ts';
import { companies, messages, orgPosts, orgs, posts, roles, userRoles, users } from '../schema/index.ts';
import { makeIdCard } from './idcard.ts';

export const DEMO_PASSWORD = 'Xuetu@2026';
export const DEMO_COMPANY = { companySysCode: 'C-DEMO-TECH', companyCode: 'YSKJ', companyName: '演示科技有限公司' };
export const OTHER_COMPANY = { companySysCode: 'C-DEMO-LOGI', companyCode: 'SLWL', companyName: '示例物流有限公司' };
/** 张三: an imported employee who has not activated an account yet */
export const ZHANGSAN = { chnName: '张三', mobile: '13700000001', idCard: makeIdCard('19900307', 123) };

interface OrgSpec {
  name: string;
  children?: OrgSpec[];
  posts?: string[];
}

const DEMO_ORGS: OrgSpec = {
  name: DEMO_COMPANY.companyName,
  children: [
    { name: '总经理办公室', posts: ['总经理', '行政专员'] },
    { name: '人力资源部', posts: ['人力资源经理', '培训专员'] },
    {
      name: '技术研发部',
      posts: ['技术总监'],
      children: [
        { name: '前端组', posts: ['前端工程师'] },
        { name: '后端组', posts: ['后端工程师'] },
      ],
    },
    { name: '市场部', posts: ['市场专员', '销售代表'] },
  ],
};

const OTHER_ORGS: OrgSpec = {
  name: OTHER_COMPANY.companyName,
  children: [
    { name: '运营部', posts: ['调度员'] },
    { name: '仓储部', posts: ['仓管员'] },
  ],
};

async function insertOrgTree(tx: DbOrTx, companySysCode: string, spec: OrgSpec, pId: number, order: number, codes: { n: number }) {
  codes.n += 1;
  const [org] = await tx
    .insert(orgs)
    .values({
      orgCode: `${companySysCode}-O${String(codes.n).padStart(3, '0')}`,
      orgName: spec.name,
      pId,
      companySysCode,
      sortOrder: order,
    })
    .returning();
  const result = new Map<string, { orgId: number; postIds: Map<string, number> }>();
  const postIds = new Map<string, number>();
  for (const postName of spec.posts ?? []) {
    codes.n += 1;
    const [post] = await tx
      .insert(posts)
      .values({ postCode: `${companySysCode}-P${String(codes.n).padStart(3, '0')}`, postName, companySysCode, importance: 1 })
      .returning();
    await tx.insert(orgPosts).values({ orgId: org.id, postId: post.id });
    postIds.set(postName, post.id);
  }
  result.set(spec.name, { orgId: org.id, postIds });
  let i = 0;
  for (const child of spec.children ?? []) {
    i += 1;
    for (const [k, v] of await insertOrgTree(tx, companySysCode, child, org.id, i, codes)) result.set(k, v);
  }
  return result;
}

/** The demo companies, organisation trees, posts, accounts and a few messages (DESIGN.md §6). */
export async function seedDemoPeople(ctx: AppContext): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(companies).values([
      { ...DEMO_COMPANY, contactName: '李经理', contactPhone: '010-88886666' },
      { ...OTHER_COMPANY, contactName: '王经理', contactPhone: '021-66668888' },
    ]);
    const demoOrgs = await insertOrgTree(tx, DEMO_COMPANY.companySysCode, DEMO_ORGS, 0, 1, { n: 0 });
    const otherOrgs = await insertOrgTree(tx, OTHER_COMPANY.companySysCode, OTHER_ORGS, 0, 1, { n: 0 });
    const roleId = async (code: string) => (await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0].id;
    const role = {
      admin: await roleId('admin'),
      operator: await roleId('operator'),
      corpadmin: await roleId('corpadmin'),
      learner: await roleId('learner'),
    };

    const now = ctx.clock.now();
    const addUser = async (values: typeof users.$inferInsert, roleIds: number[]) => {
      const [u] = await tx
        .insert(users)
        .values({ passwordHash: hash, activatedAt: now, ...values })
        .returning({ id: users.id });
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((r) => ({ userId: u.id, roleId: r })));
      return u.id;
    };
    const at = (orgs: typeof demoOrgs, orgName: string, postName: string) => {
      const o = orgs.get(orgName)!;
      return { orgId: o.orgId, postId: o.postIds.get(postName) ?? null };
    };

    const adminId = await addUser(
      {
        accountCode: 'admin',
        chnName: '平台管理员',
        userType: 'SysUser',
        mobile: '13600000001',
        idCard: makeIdCard('19800101', 1),
        jobNum: 'SYS001',
      },
      [role.admin],
    );
    await addUser(
      {
        accountCode: 'operator',
        chnName: '平台运营',
        userType: 'SysUser',
        mobile: '13600000002',
        idCard: makeIdCard('19850202', 2),
        jobNum: 'SYS002',
      },
      [role.operator],
    );
    const demo = DEMO_COMPANY.companySysCode;
    await addUser(
      {
        accountCode: 'corpadmin',
        chnName: '李经理',
        companySysCode: demo,
        mobile: '13600000003',
        idCard: makeIdCard('19820303', 3),
        ...at(demoOrgs, '人力资源部', '人力资源经理'),
      },
      [role.corpadmin, role.learner],
    );
    const places: [string, string][] = [
      ['技术研发部', '技术总监'],
      ['前端组', '前端工程师'],
      ['后端组', '后端工程师'],
      ['市场部', '市场专员'],
      ['市场部', '销售代表'],
      ['人力资源部', '培训专员'],
      ['总经理办公室', '行政专员'],
    ];
    const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
    const given = [
      '伟',
      '芳',
      '娜',
      '敏',
      '静',
      '磊',
      '洋',
      '艳',
      '勇',
      '军',
      '杰',
      '娟',
      '涛',
      '明',
      '超',
      '秀英',
      '霞',
      '平',
      '刚',
      '桂英',
    ];
    let learner01 = 0;
    for (let i = 1; i <= 20; i++) {
      const nn = String(i).padStart(2, '0');
      const [orgName, postName] = places[(i - 1) % places.length];
      const id = await addUser(
        {
          accountCode: `learner${nn}`,
          chnName: `${surnames[i - 1]}${given[i - 1]}`,
          companySysCode: demo,
          mobile: `138000000${nn}`,
          idCard: makeIdCard(`199${i % 10}0${(i % 9) + 1}1${i % 9}`, 100 + i),
          sex: i % 2,
          ...at(demoOrgs, orgName, postName),
        },
        [role.learner],
      );
      if (i === 1) learner01 = id;
    }
    const other = OTHER_COMPANY.companySysCode;
    await addUser(
      {
        accountCode: 'other01',
        chnName: '赵物流',
        companySysCode: other,
        mobile: '13900000001',
        idCard: makeIdCard('19910505', 201),
        ...at(otherOrgs, '运营部', '调度员'),
      },
      [role.learner],
    );
    await addUser(
      {
        accountCode: 'sl_learner01',
        chnName: '王仓管',
        companySysCode: other,
        mobile: '13800000001',
        idCard: makeIdCard('19920606', 202),
        ...at(otherOrgs, '仓储部', '仓管员'),
      },
      [role.learner],
    );
    // imported, not yet activated: no password, no session possible until registration
    await tx.insert(users).values({
      accountCode: 'zhangsan',
      chnName: ZHANGSAN.chnName,
      companySysCode: demo,
      mobile: ZHANGSAN.mobile,
      idCard: ZHANGSAN.idCard,
      ...at(demoOrgs, '市场部', '市场专员'),
    });
    const insertedZhang = await tx.select({ id: users.id }).from(users).where(eq(users.accountCode, 'zhangsan'));
    await tx.insert(userRoles).values({ userId: insertedZhang[0].id, roleId: role.learner });

    const welcome = (userId: number) => ({
      userId,
      title: '欢迎使用学途在线培训平台',
      content: '请先完善个人信息，然后在“学习中心”开始学习。',
      templeteType: 1,
      messageUrl: JSON.stringify({ pc: { type: 'tabin', value: { path: '/dashboard', query: {} } } }),
    });
    await tx.insert(messages).values([
      welcome(adminId),
      welcome(learner01),
      {
        userId: learner01,
        title: '新的培训项目：2026年度安全生产培训',
        content: '您已被加入培训项目，请按时完成学时。',
        templeteType: 1,
        messageUrl: JSON.stringify({ pc: { type: 'tabin', value: { path: '/project/mystudy', query: {} } } }),
      },
    ]);
  });
}

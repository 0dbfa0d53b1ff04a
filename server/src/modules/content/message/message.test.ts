import type { PageResult } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrg, buildPost, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { linkToMessageUrl, sendMessage } from './message.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const base = '/Api/SysConfig/sys_message';
type Msg = { id: number; title: string; isRead: number; templeteType: number; messageUrl: string };
const companyOf = async (token: string) =>
  (await t.post<{ companySysCode: string }>('/Api/User/user_user/GetUserInfo', {}, token)).data.companySysCode;
const userId = async (token: string) => (await t.post<{ userId: number }>('/Api/User/user_user/GetUserInfo', {}, token)).data.userId;

describe('message list and read state', () => {
  it('lists unread system messages 10 per page by default and marks one read', async () => {
    const token = await t.login('learner07');
    const id = await userId(token);
    // the demo seed already sent this learner some (exam) messages: count from here
    await t.post(`${base}/SetAllIsRead`, {}, token);
    const seeded = (await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, { search: { IsRead: '', TempleteType: '' } }, token))
      .data.totalCount;
    for (let i = 1; i <= 12; i++)
      await sendMessage(t.ctx, {
        sentAt: t.ctx.clock.now(),
        userIds: [id],
        title: `消息${i}`,
        messageUrl: linkToMessageUrl('/dashboard?x=1'),
      });
    await sendMessage(t.ctx, { sentAt: t.ctx.clock.now(), userIds: [id], title: '考试类消息', templeteType: 2 });
    expect((await t.post<number>(`${base}/GetNoReadCount`, {}, token)).data).toBe(13);
    const p1 = await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, {}, token);
    expect(p1.data.models).toHaveLength(10);
    expect(p1.data.totalCount).toBe(12);
    expect(p1.data.models[0].title).toBe('消息12');
    expect(JSON.parse(p1.data.models[0].messageUrl)).toEqual({ pc: { type: 'tabin', value: { path: '/dashboard', query: { x: '1' } } } });
    const all = await t.post<PageResult<Msg>>(
      `${base}/GetMessageDataPageList`,
      { search: { IsRead: '', TempleteType: '' }, pageRows: 50 },
      token,
    );
    expect(all.data.totalCount).toBe(seeded + 13);
    const read = await t.post<number>(`${base}/SetIsRead`, { id: p1.data.models[0].id }, token);
    expect(read).toMatchObject({ success: true, data: 12 });
    expect((await t.post<number>(`${base}/SetIsRead`, { id: p1.data.models[0].id }, token)).data).toBe(12);
    const readList = await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, { search: { isRead: '1' } }, token);
    expect(readList.data.models[0].title).toBe('消息12');
    expect(readList.data.totalCount).toBe(seeded + 1);
    await t.post(`${base}/SetAllIsRead`, {}, token);
    expect((await t.post<number>(`${base}/GetNoReadCount`, {}, token)).data).toBe(0);
  });

  it('never touches another user’s message', async () => {
    const owner = await t.login('learner08');
    await t.post(`${base}/SetAllIsRead`, {}, owner);
    await sendMessage(t.ctx, { sentAt: t.ctx.clock.now(), userIds: [await userId(owner)], title: '私人消息' });
    const mine = await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, {}, owner);
    const id = mine.data.models[0].id;
    const other = await t.login('learner09');
    expect(await t.post(`${base}/SetIsRead`, { id }, other)).toMatchObject({
      success: false,
      code: 'MESSAGE_NOT_FOUND',
      msg: '消息不存在',
    });
    expect((await t.post<number>(`${base}/GetNoReadCount`, {}, owner)).data).toBe(1);
  });

  it('answers 401 without a session and refuses bad input', async () => {
    for (const p of ['GetNoReadCount', 'GetMessageDataPageList', 'SetIsRead', 'SetAllIsRead'])
      expect((await t.post(`${base}/${p}`, { id: 1 })).errorCode).toBe(401);
    const token = await t.login('learner10');
    expect((await t.post(`${base}/SetIsRead`, {}, token)).success).toBe(false);
    expect((await t.post(`${base}/GetMessageDataPageList`, { search: { isRead: '7' } }, token)).success).toBe(false);
  });

  it('turns an external link into tabiout', () => {
    expect(linkToMessageUrl('https://example.com/a')).toEqual({ pc: { type: 'tabiout', value: 'https://example.com/a' } });
    expect(linkToMessageUrl('')).toBeNull();
  });
});

describe('sending messages (administrators)', () => {
  it('checks session, action, company and input', async () => {
    const learner = await t.login('learner11');
    const corp = await t.login('corpadmin');
    const otherId = await userId(await t.login('other01'));
    const learnerId = await userId(learner);
    const body = { userIds: [learnerId], title: '请完成培训', content: '本周内完成', link: '/project/mystudy' };
    expect((await t.post(`${base}/SendMessage`, body)).errorCode).toBe(401);
    expect((await t.post(`${base}/SendMessage`, body, learner)).errorCode).toBe(403);
    expect((await t.post(`${base}/GetReceiverList`, {}, learner)).errorCode).toBe(403);
    expect(await t.post(`${base}/SendMessage`, { ...body, userIds: [] }, corp)).toMatchObject({ success: false, msg: '请选择接收人' });
    expect(await t.post(`${base}/SendMessage`, { ...body, title: '' }, corp)).toMatchObject({ success: false, msg: '请输入消息标题' });
    expect((await t.post(`${base}/SendMessage`, { ...body, link: 'javascript:alert(1)' }, corp)).success).toBe(false);
    expect(await t.post(`${base}/SendMessage`, { ...body, userIds: [learnerId, otherId] }, corp)).toMatchObject({
      success: false,
      code: 'MESSAGE_RECEIVER_NOT_FOUND',
      msg: '接收人不存在',
    });
    expect(await t.post(`${base}/SendMessage`, body, corp)).toMatchObject({ success: true, msg: '发送成功', data: 1 });
    const list = await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, {}, learner);
    expect(list.data.models[0]).toMatchObject({ title: '请完成培训', isRead: 0 });
  });

  it('sends to whole departments (with the ones below) and posts, inside the company only', async () => {
    type Org = { id: number; orgName: string; children: Org[] };
    const corp = await t.login('corpadmin');
    const flat = (n: Org[]): Org[] => n.flatMap((o) => [o, ...flat(o.children)]);
    // its own department (and one below it) and post: the count does not depend on where demo people sit
    const dept = await buildOrg(t, { orgName: '通知部' });
    const below = await buildOrg(t, { pId: dept.id });
    const post = await buildPost(t);
    const reader = await buildUser(t, { orgId: dept.id, postId: post.id });
    await buildUser(t, { orgId: below.id });
    await buildUser(t, { orgId: dept.id, password: null });
    const body = { title: '部门通知', orgIds: [dept.id] };
    // two people and one imported (sees it once registered)
    expect(await t.post(`${base}/SendMessage`, body, corp)).toMatchObject({ success: true, data: 3 });
    const l04 = await reader.signIn();
    expect((await t.post<PageResult<Msg>>(`${base}/GetMessageDataPageList`, {}, l04)).data.models[0].title).toBe('部门通知');
    // the root department includes every department below it
    const root = (await t.get<Org[]>('/Api/User/user_org/GetOrgTree', { ShowTop: 0 }, corp)).data[0];
    const all = await t.post<number>(`${base}/SendMessage`, { title: '全员', orgIds: [root.id] }, corp);
    expect(all.data).toBeGreaterThan(20);
    // a post: its people, counted once even when also picked by hand
    await t.post(`${base}/SetAllIsRead`, {}, l04);
    const byPost = await t.post<number>(`${base}/SendMessage`, { title: '岗位通知', postIds: [post.id], userIds: [reader.id] }, corp);
    expect(byPost.success).toBe(true);
    expect((await t.post<number>(`${base}/GetNoReadCount`, {}, l04)).data).toBe(1);
    // another company's department answers like an unknown one and sends nothing
    const other = await t.login('other01');
    const otherAdmin = await t.login('admin');
    const otherTree = await t.get<Org[]>(
      '/Api/User/user_org/GetOrgTree',
      { ShowTop: 0, companySysCode: await companyOf(other) },
      otherAdmin,
    );
    const foreign = flat(otherTree.data)[0];
    expect(await t.post(`${base}/SendMessage`, { title: '越权', orgIds: [foreign.id] }, corp)).toMatchObject({
      success: false,
      code: 'MESSAGE_RECEIVER_NOT_FOUND',
      msg: '接收人不存在',
    });
    expect(await t.post(`${base}/SendMessage`, { title: '越权', postIds: [999999] }, corp)).toMatchObject({
      success: false,
      code: 'MESSAGE_RECEIVER_NOT_FOUND',
      msg: '接收人不存在',
    });
  });

  it('lets a company administrator pick only their own people', async () => {
    const corp = await t.login('corpadmin');
    const res = await t.post<PageResult<{ companyName: string; chnName: string }>>(`${base}/GetReceiverList`, { pageRows: 100 }, corp);
    expect(res.data.totalCount).toBeGreaterThan(20);
    expect(new Set(res.data.models.map((r) => r.companyName))).toEqual(new Set(['演示科技有限公司']));
    const admin = await t.login('admin');
    const found = await t.post<PageResult<{ chnName: string }>>(`${base}/GetReceiverList`, { keyword: '赵物流' }, admin);
    expect(found.data.models.map((r) => r.chnName)).toEqual(['赵物流']);
  });
});

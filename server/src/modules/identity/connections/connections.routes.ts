import { connectionsApi, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { getConnectionForAdmin, listConnectionsForAdmin, removeConnection, saveConnection, testConnection } from './connections.service.ts';

/** 身份源 (issue 41): a company's identity connections; the tenant scope decides whose. */
export const connectionRoutes = [
  defineRoute({
    endpoint: connectionsApi.getIdentitySourceList,
    access: { action: Perm.IdentitySourceList },
    summary: '身份源列表',
    handler: ({ input, caller }) => listConnectionsForAdmin(caller, input),
  }),
  defineRoute({
    endpoint: connectionsApi.getIdentitySource,
    access: { action: Perm.IdentitySourceList },
    summary: '身份源详情（不含密码，只说是否已设置）',
    handler: ({ input, caller }) => getConnectionForAdmin(caller, input.id),
  }),
  defineRoute({
    endpoint: connectionsApi.saveIdentitySource,
    access: { action: Perm.IdentitySourceEdit },
    summary: '新增或编辑身份源（密码留空则保留原密码）',
    handler: async ({ input, caller }) => withMsg(await saveConnection(caller, input), Msg.saved),
  }),
  defineRoute({
    endpoint: connectionsApi.deleteIdentitySource,
    access: { action: Perm.IdentitySourceEdit },
    summary: '删除身份源',
    handler: async ({ input, caller }) => {
      await removeConnection(caller, input.id);
      return withMsg(null, Msg.deleted);
    },
  }),
  defineRoute({
    endpoint: connectionsApi.testIdentitySource,
    access: { action: Perm.IdentitySourceEdit },
    summary: '测试身份源连接（绑定服务账号并搜索）',
    // each test opens a connection to a host the caller names: its own, tighter allowance
    rateLimit: { max: 30, timeWindow: '1 minute', per: 'user' },
    handler: ({ input, caller }) => testConnection(caller, input),
  }),
];

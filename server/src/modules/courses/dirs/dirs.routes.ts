import { Msg, Perm, resDirApi } from '@xuetu/contract';
import { doneWithMsg, withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './dirs.service.ts';
import { listIndexDirs } from './index-dirs.ts';

// the resource list and edit dialog read the tree too
const READ = { action: [Perm.ResDirList, Perm.ResList, Perm.ResAudit] };
const EDIT = { action: Perm.ResDirEdit };

export const resDirRoutes = routesOf(resDirApi, {
  getTreeData: {
    access: READ,
    summary: '资源目录树（平台目录与本公司目录）',
    handler: ({ input, caller }) => service.getDirTree(caller, input.companySysCode),
  },
  getListByPNo: {
    access: READ,
    summary: '某目录编号下的子目录（00 为顶级）',
    handler: ({ input, caller }) => service.listByParentNo(caller, input.pNo),
  },
  saveData: {
    access: EDIT,
    summary: '新增（无 dCode）或重命名、移动、排序目录',
    handler: async ({ input, caller }) => withMsg(await service.saveDir(caller, input), Msg.saved),
  },
  deleteData: {
    access: EDIT,
    summary: '删除目录（目录或下级目录中还有资源时拒绝）',
    handler: ({ input, caller }) => doneWithMsg(service.deleteDir(caller, input.dcode), Msg.deleted),
  },
  getIndexResDirList: {
    access: 'public',
    summary: '首页资源分类（默认目录编号 00 的下级目录）',
    handler: ({ input, caller }) => listIndexDirs(caller, input.dNo),
  },
});

import { companiesApi, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { listCompaniesForAdmin, saveCompany, toggleCompanyStatus } from './companies.service.ts';

export const companyRoutes = routesOf(companiesApi, {
  getCompanyListPage: {
    // the company page, the company filter and the assign-company search all list companies
    access: { action: [Perm.CompanyList, Perm.UserSetCompany, Perm.UserList] },
    summary: '公司列表（分页）',
    handler: ({ input, caller }) => listCompaniesForAdmin(caller, input),
  },
  saveCompany: {
    access: { action: [Perm.CompanyAdd, Perm.CompanyEdit] },
    summary: '新增或编辑公司（CompanySysCode 为空时新增）',
    handler: async ({ input, caller }) => withMsg(await saveCompany(caller, input), Msg.saved),
  },
  openAndClose: {
    access: { action: Perm.CompanyStatus },
    summary: '启用或停用公司',
    handler: async ({ input, caller }) => withMsg(await toggleCompanyStatus(caller, input.companySysCode), Msg.ok),
  },
});

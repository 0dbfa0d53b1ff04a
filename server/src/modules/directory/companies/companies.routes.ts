import { companiesApi, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { listCompaniesForAdmin, saveCompany, toggleCompanyStatus } from './companies.service.ts';

export const companyRoutes = [
  defineRoute({
    endpoint: companiesApi.getCompanyListPage,
    // the company page, the company filter and the assign-company search all list companies
    access: { action: [Perm.CompanyList, Perm.UserSetCompany, Perm.UserList] },
    summary: '公司列表（分页）',
    handler: ({ input, caller }) => listCompaniesForAdmin(caller, input),
  }),
  defineRoute({
    endpoint: companiesApi.saveCompany,
    access: { action: [Perm.CompanyAdd, Perm.CompanyEdit] },
    summary: '新增或编辑公司（CompanySysCode 为空时新增）',
    handler: async ({ input, caller }) => withMsg(await saveCompany(caller, input), Msg.saved),
  }),
  defineRoute({
    endpoint: companiesApi.openAndClose,
    access: { action: Perm.CompanyStatus },
    summary: '启用或停用公司',
    handler: async ({ input, caller }) => withMsg(await toggleCompanyStatus(caller, input.companySysCode), Msg.ok),
  }),
];

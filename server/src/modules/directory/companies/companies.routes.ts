import { companyBody, companyCodeQuery, companyListBody, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { listCompaniesForAdmin, saveCompany, toggleCompanyStatus } from './companies.service.ts';

const base = '/Api/User/user_company';

export const companyRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetCompanyListPage`,
    // the company page, the company filter and the assign-company search all list companies
    access: { action: [Perm.CompanyList, Perm.UserSetCompany, Perm.UserList] },
    summary: '公司列表（分页）',
    input: companyListBody,
    handler: ({ input, caller }) => listCompaniesForAdmin(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SaveCompany`,
    access: { action: [Perm.CompanyAdd, Perm.CompanyEdit] },
    summary: '新增或编辑公司（CompanySysCode 为空时新增）',
    input: companyBody,
    handler: async ({ input, caller }) => withMsg(await saveCompany(caller, input), Msg.saved),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/OpenAndClose`,
    access: { action: Perm.CompanyStatus },
    summary: '启用或停用公司',
    input: companyCodeQuery,
    handler: async ({ input, caller }) => withMsg(await toggleCompanyStatus(caller, input.companySysCode), Msg.ok),
  }),
];

import { answer, endpoint } from '../endpoint.ts';
import type { CompanyView } from '../schemas/admin-people.ts';
import { companyBody, companyCodeQuery, companyListBody } from '../schemas/admin-people.ts';
import type { PageResult } from '../schemas/common.ts';

/** The companies calls (ADR 0039). */
export const companiesApi = {
  getCompanyListPage: endpoint({
    method: 'POST',
    path: '/Api/User/user_company/GetCompanyListPage',
    input: companyListBody,
    output: answer<PageResult<CompanyView>>(),
  }),
  saveCompany: endpoint({ method: 'POST', path: '/Api/User/user_company/SaveCompany', input: companyBody, output: answer<CompanyView>() }),
  openAndClose: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_company/OpenAndClose',
    input: companyCodeQuery,
    output: answer<{ status: number }>(),
  }),
};

import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { CompanyView } from './people.schemas.ts';
import { companyBody, companyCodeQuery, companyListBody } from './people.schemas.ts';

/** The companies calls (ADR 0039). */
export const companiesApi = /* @__PURE__ */ defineGroup('directory', 'companies', {
  getCompanyListPage: endpoint({
    path: '/Api/User/user_company/GetCompanyListPage',
    input: companyListBody,
    output: answer<PageResult<CompanyView>>(),
  }),
  saveCompany: endpoint({ path: '/Api/User/user_company/SaveCompany', input: companyBody, output: answer<CompanyView>() }),
  openAndClose: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_company/OpenAndClose',
    input: companyCodeQuery,
    output: answer<{ status: number }>(),
  }),
});

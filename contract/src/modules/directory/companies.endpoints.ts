import { answer, defineGroup, endpoint, getAndPost } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { CompanyView } from './people.schemas.ts';
import { companyBody, companyCodeQuery, companyListBody } from './people.schemas.ts';

// the original system's controllers these paths are under
const userCompany = '/Api/User/user_company';

/** The companies calls (ADR 0039). */
export const companiesApi = /* @__PURE__ */ defineGroup('directory', 'companies', {
  getCompanyListPage: endpoint({
    path: `${userCompany}/GetCompanyListPage`,
    input: companyListBody,
    output: answer<PageResult<CompanyView>>(),
  }),
  saveCompany: endpoint({ path: `${userCompany}/SaveCompany`, input: companyBody, output: answer<CompanyView>() }),
  openAndClose: endpoint({
    ...getAndPost('GET'),
    path: `${userCompany}/OpenAndClose`,
    input: companyCodeQuery,
    output: answer<{ status: number }>(),
  }),
});

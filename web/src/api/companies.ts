import { COMPANY_SEARCH_ROWS, type CompanyBody, type CompanyView, type PageResult } from '@xuetu/contract';
import { getEnvelope, post, postEnvelope } from './request';

const base = '/Api/User/user_company';

/** spec §9: company search is page 1 × 100 rows */
export const getCompanyListPage = (key = '', pageIndex = 1, pageRows = COMPANY_SEARCH_ROWS, status = '') =>
  // spec §8: a failed company load only stops the loading state
  post<PageResult<CompanyView>>(
    `${base}/GetCompanyListPage`,
    { PageIndex: pageIndex, PageRows: pageRows, Search: { key, status } },
    { silent: true },
  );
export const saveCompany = (body: CompanyBody) => postEnvelope<CompanyView>(`${base}/SaveCompany`, body);
export const toggleCompany = (companySysCode: string) =>
  getEnvelope<{ status: number }>(`${base}/OpenAndClose`, { CompanySysCode: companySysCode });

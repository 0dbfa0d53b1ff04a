import { COMPANY_SEARCH_ROWS, type CompanyBody, companiesApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

/** spec §9: company search is page 1 × 100 rows */
export const getCompanyListPage = (key = '', pageIndex = 1, pageRows = COMPANY_SEARCH_ROWS, status = '') =>
  // spec §8: a failed company load only stops the loading state
  call(companiesApi.getCompanyListPage, { PageIndex: pageIndex, PageRows: pageRows, Search: { key, status } }, { silent: true });
export const saveCompany = (body: CompanyBody) => callEnvelope(companiesApi.saveCompany, body);
export const toggleCompany = (companySysCode: string) => callEnvelope(companiesApi.openAndClose, { CompanySysCode: companySysCode });

import { type CompanyView, formatDateTime } from '@xuetu/contract';
import type { CompanyRow } from './companies.repository.ts';

export function presentCompany(row: CompanyRow, userCount = 0): CompanyView {
  return {
    companySysCode: row.companySysCode,
    companyCode: row.companyCode,
    companyName: row.companyName,
    status: row.status,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    userCount,
    createTime: formatDateTime(row.createdAt),
  };
}

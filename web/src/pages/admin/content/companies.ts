import { companiesApi } from '@xuetu/contract';
import { useCall } from '../../../api/hooks';
import { useSession } from '../../../app/store/session';

export interface CompanyOption {
  value: string;
  label: string;
}

/** Platform staff (system roles 1/2) choose platform-wide or a company; others write into their own. */
export function useIsPlatformStaff(): boolean {
  const sysRoles = useSession((s) => s.sysRoles);
  return sysRoles.includes(1) || sysRoles.includes(2);
}

/** Companies for the scope selector (administration module's list; empty when unavailable). */
export function useCompanyOptions(enabled: boolean) {
  return useCall(
    companiesApi.getCompanyListPage,
    { pageIndex: 1, pageRows: 500 },
    {
      enabled,
      config: { silent: true },
      select: (res): CompanyOption[] => (res?.models ?? []).map((c) => ({ value: c.companySysCode, label: c.companyName })),
      staleTime: 5 * 60_000,
    },
  );
}

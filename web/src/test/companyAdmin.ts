import { SysRole } from '@xuetu/contract';
import { resetRequestState } from '../api/request';
import { useSession } from '../app/store/session';

/**
 * The start of an administration page's test: no request state left from the last test, and a
 * company administrator (system role 3) holding exactly `actions` signed in.
 */
export function signInCompanyAdmin(...actions: string[]): void {
  resetRequestState();
  useSession.setState({ sysRoles: [SysRole.CompanyAdmin], actions });
}

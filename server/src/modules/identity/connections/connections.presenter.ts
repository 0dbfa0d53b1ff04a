import { CONNECTION_KIND_LABELS, type ConnectionKind, formatDateTime, type IdentitySourceView, type LdapSettings } from '@xuetu/contract';
import type { ConnectionRow } from './connections.repository.ts';

/** A connection as the 身份源 page sees it: the secret only as whether one is saved. */
export function presentConnection(row: ConnectionRow, companyName: string): IdentitySourceView {
  const kind = row.kind as ConnectionKind;
  return {
    id: row.id,
    companySysCode: row.companySysCode,
    companyName,
    kind,
    kindName: CONNECTION_KIND_LABELS[kind] ?? row.kind,
    name: row.name,
    enabled: row.enabled,
    settings: row.settings as LdapSettings,
    bindPasswordSet: Boolean(row.secret),
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

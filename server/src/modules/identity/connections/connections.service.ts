import {
  CONNECTION_KINDS_BUILT,
  ConnectionMsg,
  type ConnectionSettings,
  type ConnectionTestResult,
  type connectionListBody,
  type connectionSaveBody,
  type connectionTestBody,
  type LdapSettings,
  type OidcSettings,
} from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { companyNamesByCode, filterCompany, targetCompany } from '../../directory/public.ts';
import { presentConnection } from './connections.presenter.ts';
import {
  type ConnectionRow,
  connectionNameTaken,
  deleteConnection,
  findConnectionInScope,
  insertConnection,
  listConnections,
  updateConnection,
} from './connections.repository.ts';
import { DirectoryUnavailableError, type LdapConnection, testDirectory } from './ldap.ts';
import { testProvider } from './oidc-test.ts';
import { connectionKey, openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

// The 身份源 page (issue 41): a platform administrator manages any company's connections, a
// company administrator their own company's (the tenant scope on every read and write). The
// secret is sealed on save and never answered; an empty password keeps the saved one — unless the
// address or service account changed, so a saved password is never sent somewhere new.

/** A connection row as the directory client reads it (the sealed secret opened: SecretBoxError when it cannot be). */
export function ldapConnectionOf(caller: Caller, row: ConnectionRow): LdapConnection & { company: string; autoCreate: boolean } {
  const s = row.settings as LdapSettings;
  const bindPassword = row.secret ? openSecret(connectionKey(caller.ctx.env), row.companySysCode, row.secret) : '';
  return { ...ldapOf(s, bindPassword), company: row.companySysCode, autoCreate: s.autoCreate };
}

function ldapOf(s: LdapSettings, bindPassword: string): LdapConnection {
  return {
    url: s.url,
    bindDn: s.bindDn,
    bindPassword,
    baseDn: s.baseDn,
    userFilter: s.userFilter,
    attributes: s.attributes,
    timeoutMs: s.timeoutMs,
  };
}

async function companyNames(caller: Caller, rows: ConnectionRow[]) {
  return companyNamesByCode(caller.ctx.db, [...new Set(rows.map((r) => r.companySysCode))]);
}

async function findOrMissing(caller: Caller, id: number): Promise<ConnectionRow> {
  const row = await findConnectionInScope(caller.ctx.db, caller.scope, id);
  if (!row) throw appError('IDENTITY_SOURCE_NOT_FOUND');
  return row;
}

export async function listConnectionsForAdmin(caller: Caller, input: z.output<typeof connectionListBody>) {
  const company = await filterCompany(caller.ctx.db, caller.scope, input.companySysCode);
  const rows = company === null ? [] : await listConnections(caller.ctx.db, caller.scope, company);
  const names = await companyNames(caller, rows);
  return {
    models: rows.map((r) => presentConnection(r, names.get(r.companySysCode) ?? '')),
    totalCount: rows.length,
    secretKeyConfigured: connectionKey(caller.ctx.env) !== null,
  };
}

export async function getConnectionForAdmin(caller: Caller, id: number) {
  const row = await findOrMissing(caller, id);
  const names = await companyNames(caller, [row]);
  return presentConnection(row, names.get(row.companySysCode) ?? '');
}

/** The saved secret may go along only to where it was saved for (the same directory and service account, the same provider and client). */
function sameTarget(kind: string, a: ConnectionSettings, b: ConnectionSettings | null): boolean {
  if (!b) return false;
  if (kind === 'oidc')
    return (a as OidcSettings).issuer === (b as OidcSettings).issuer && (a as OidcSettings).clientId === (b as OidcSettings).clientId;
  return (a as LdapSettings).url === (b as LdapSettings).url && (a as LdapSettings).bindDn === (b as LdapSettings).bindDn;
}
const addressOf = (settings: ConnectionSettings | null) => (settings ? ('issuer' in settings ? settings.issuer : settings.url) : '');

function seal(caller: Caller, company: string, plain: string): string {
  try {
    return sealSecret(connectionKey(caller.ctx.env), company, plain);
  } catch (err) {
    if (err instanceof SecretBoxError) throw appError('IDENTITY_SOURCE_KEY_MISSING');
    throw err;
  }
}

export async function saveConnection(caller: Caller, input: z.output<typeof connectionSaveBody>) {
  const actor = requireActor(caller);
  const { db } = caller.ctx;
  const existing = input.id ? await findOrMissing(caller, input.id) : undefined;
  const kind = existing?.kind ?? input.kind;
  if (!CONNECTION_KINDS_BUILT.includes(input.kind) || kind !== input.kind || !input.settings)
    throw appError('IDENTITY_SOURCE_KIND_UNSUPPORTED');
  const company = existing?.companySysCode ?? (await targetCompany(db, actor, input.companySysCode)).companySysCode;
  if (await connectionNameTaken(db, company, input.name, existing?.id)) throw appError('IDENTITY_SOURCE_NAME_TAKEN');
  let secret: string | null = null;
  if (input.bindPassword) secret = seal(caller, company, input.bindPassword);
  else if (!input.clearBindPassword && existing?.secret) {
    if (!sameTarget(kind, existing.settings as ConnectionSettings, input.settings)) throw appError('IDENTITY_SOURCE_SECRET_RETYPE');
    secret = existing.secret;
  }
  const values = { kind, name: input.name, enabled: input.enabled, settings: input.settings, secret };
  const row = await inTransaction(caller, async (tx) => {
    const saved = existing
      ? await updateConnection(tx, caller.scope, existing.id, { ...values, now: caller.now })
      : await insertConnection(tx, { ...values, companySysCode: company, createdBy: actor.userId, now: caller.now });
    if (!saved) throw appError('IDENTITY_SOURCE_NOT_FOUND');
    await recordAudit(tx, caller, {
      action: existing ? 'identitySource.edit' : 'identitySource.add',
      target: `${company}/${saved.id}`,
      // what changed, never the secret itself
      detail: {
        name: saved.name,
        kind,
        enabled: saved.enabled,
        url: addressOf(input.settings),
        secretChanged: secret !== (existing?.secret ?? null),
      },
    });
    return saved;
  });
  const names = await companyNames(caller, [row]);
  return presentConnection(row, names.get(row.companySysCode) ?? '');
}

export async function removeConnection(caller: Caller, id: number): Promise<void> {
  const row = await findOrMissing(caller, id);
  await inTransaction(caller, async (tx) => {
    if (!(await deleteConnection(tx, caller.scope, row.id))) throw appError('IDENTITY_SOURCE_NOT_FOUND');
    await recordAudit(tx, caller, {
      action: 'identitySource.delete',
      target: `${row.companySysCode}/${row.id}`,
      detail: { name: row.name },
    });
  });
}

const failed = (reason: string, message: string): ConnectionTestResult => ({ ok: false, reason, message, people: 0, more: false });

/** 测试连接: binds as the service account and searches with the settings as entered (the saved password when none is typed). */
export async function testConnection(caller: Caller, input: z.output<typeof connectionTestBody>): Promise<ConnectionTestResult> {
  requireActor(caller);
  if (!CONNECTION_KINDS_BUILT.includes(input.kind) || !input.settings) throw appError('IDENTITY_SOURCE_KIND_UNSUPPORTED');
  const existing = input.id ? await findOrMissing(caller, input.id) : undefined;
  // OpenID Connect: discovery from the issuer (the client secret is not needed to read it)
  if (input.kind === 'oidc') return testProvider(caller, input.settings);
  let password = input.bindPassword;
  if (!password && existing?.secret) {
    if (!sameTarget(input.kind, existing.settings as ConnectionSettings, input.settings)) throw appError('IDENTITY_SOURCE_SECRET_RETYPE');
    try {
      password = openSecret(connectionKey(caller.ctx.env), existing.companySysCode, existing.secret);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      if (err.reason === 'noKey') throw appError('IDENTITY_SOURCE_KEY_MISSING');
      return failed('secretUnreadable', ConnectionMsg.testSecretUnreadable);
    }
  }
  try {
    const found = await testDirectory(ldapOf(input.settings, password));
    return { ok: true, reason: '', message: ConnectionMsg.testOk(found.people, found.more), ...found };
  } catch (err) {
    if (!(err instanceof DirectoryUnavailableError)) throw err;
    caller.log.info({ reason: err.reason, err: err.cause }, 'identity source test: the directory could not be asked');
    switch (err.reason) {
      case 'timeout':
        return failed('timeout', ConnectionMsg.testTimeout(input.settings.timeoutMs));
      case 'serviceAccount':
        return failed('bindRefused', ConnectionMsg.testBindRefused);
      case 'badBaseDn':
        return failed('badBaseDn', ConnectionMsg.testBadBaseDn);
      default:
        return failed('unreachable', ConnectionMsg.testUnreachable);
    }
  }
}

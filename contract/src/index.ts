export * from './dates.ts';
export * from './idcard.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './schemas/common.ts';
export * from './schemas/session.ts';
export * from './schemas/account.ts';

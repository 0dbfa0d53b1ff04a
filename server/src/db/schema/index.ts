// One export per domain file; modules add theirs here.
export * from './account.ts';
export * from './content.ts';
export * from './exam.ts';
export * from './files.ts';
export * from './installation.ts';
export * from './jobs.ts';
export * from './message.ts';
export * from './org.ts';
export * from './practice.ts';
export * from './projects.ts';
export * from './study.ts';
export * from './trainres.ts';
export * from './user.ts';

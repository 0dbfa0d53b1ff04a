// The index of every table, the schema the database client and drizzle-kit read (the migrations
// are checked against it, db/schema-drift.test.ts). A table lives in the module that owns it
// (`modules/<m>/schema.ts` or `modules/<m>/schema/`); the tables here are platform's (files,
// installation values and counters, jobs, SMS). Add a new schema file here.
export * from '../../modules/certificates/schema.ts';
export * from '../../modules/content/schema.ts';
export * from '../../modules/courses/schema/resources.ts';
export * from '../../modules/courses/schema/study.ts';
export * from '../../modules/directory/schema/orgs.ts';
export * from '../../modules/directory/schema/users.ts';
export * from '../../modules/exam-taking/schema/attempts.ts';
export * from '../../modules/exam-taking/schema/practice.ts';
export * from '../../modules/exam-taking/schema/roster.ts';
export * from '../../modules/exams/schema.ts';
export * from '../../modules/identity/schema.ts';
export * from '../../modules/operations/schema.ts';
export * from '../../modules/projects/schema.ts';
export * from './files.ts';
export * from './installation.ts';
export * from './jobs.ts';
export * from './sms.ts';

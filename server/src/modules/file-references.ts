import { registerFileReferences } from '../platform/files/index.ts';

// Every table that stores keys (or URLs) of uploaded files, by upload purpose. The orphan purge
// (platform/files/jobs.ts) keeps a file while a row of one of these tables mentions it; add a
// table here when a module starts storing file keys in it. Snapshots count as references: an
// attempt's copy of a question keeps the question's images.
registerFileReferences('avatar', ['app_user']);
const CONTENT_TABLES = [
  'sys_notice',
  'sys_notice_enclosure',
  'fp_link',
  'fp_lecturer',
  'fp_modelinfo',
  'sys_regulation_doc',
  'sys_site_setting',
  'company',
  'train_res',
  'project_project',
  'ex_question',
  'ex_userpaperquestion',
];
// 'content' comes from the content editors' upload; 'upload' from the general upload call
registerFileReferences('content', CONTENT_TABLES);
registerFileReferences('upload', CONTENT_TABLES);
registerFileReferences('media', ['train_media', 'train_res', 'fp_lecturer']);

// Writes the import templates into web/public so the built SPA serves them as static files:
//   node --import tsx server/src/modules/directory/imports/write-templates.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImportTemplate } from './templates.ts';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../web/public/Download/FileTemplate');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'UserTemplete.xlsx'), await buildImportTemplate(false));
writeFileSync(resolve(dir, 'CompanyuserTemplete.xlsx'), await buildImportTemplate(true));
console.log(`templates written to ${dir}`);

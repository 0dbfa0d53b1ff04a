// What other modules may use of companies: which company a write goes to or a list is filtered to.
export { companyExists } from './repository.ts';
export { filterCompany, targetCompany } from './target.ts';

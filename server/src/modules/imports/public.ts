// What other modules may use of imports: the slot every workbook import runs in (one per company).
export { withImportSlot } from './gate.ts';

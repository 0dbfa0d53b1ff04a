/**
 * Where stored files are referred to, by upload purpose. The orphan purge keeps a file while any
 * row of these tables mentions its key anywhere (a column holding the key, HTML holding its URL,
 * JSON); files of a purpose nobody registered are never purged. A module that stores file keys in
 * a new table registers it (server/src/modules/file-references.ts).
 */
const tablesByPurpose = new Map<string, Set<string>>();

export function registerFileReferences(purpose: string, tables: string[]): void {
  const set = tablesByPurpose.get(purpose) ?? new Set<string>();
  for (const t of tables) set.add(t);
  tablesByPurpose.set(purpose, set);
}

export function referencingTables(purpose: string): string[] {
  return [...(tablesByPurpose.get(purpose) ?? [])];
}

export function purgeablePurposes(): string[] {
  return [...tablesByPurpose.keys()];
}

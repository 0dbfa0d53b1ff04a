import type { JournalEntry } from '../pages/learner/exam/journal';

// jsdom has no IndexedDB: the exam page's specs keep the answer journal in memory with the same
// behaviour (`vi.mock('./journal', () => import('<path to>/test/memoryJournal'))`); `journalStore` is what it holds.
export const journalStore = new Map<string, JournalEntry>();

const sorted = (id: number) => [...journalStore.values()].filter((e) => e.userpaperId === id).sort((a, b) => a.seq - b.seq);

export const putEntry = async (e: Omit<JournalEntry, 'key'>) =>
  void journalStore.set(`${e.userpaperId}:${e.seq}`, { ...e, key: `${e.userpaperId}:${e.seq}` });
export const deleteEntry = async (e: { key: string }) => void journalStore.delete(e.key);
export const pendingEntries = async (id: number) => sorted(id);
export async function adoptEntries(id: number, holder: string, seqs: Record<string, number>): Promise<JournalEntry[]> {
  const out: JournalEntry[] = [];
  for (const e of sorted(id))
    if (e.seq <= (seqs[e.qCode] ?? 0)) journalStore.delete(e.key);
    else {
      journalStore.set(e.key, { ...e, holder });
      out.push({ ...e, holder });
    }
  return out;
}
export async function dropHeldEntries(id: number, holder: string): Promise<void> {
  for (const e of sorted(id)) if (e.holder === holder) journalStore.delete(e.key);
}

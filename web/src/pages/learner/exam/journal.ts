// The browser's journal of answers (IndexedDB): every answer is written here before it is sent,
// so a dropped network, a closed tab or a reload loses nothing; entries leave the journal only
// once the server has acknowledged them, and are replayed in seq order.

export interface JournalEntry {
  /** `${userpaperId}:${seq}` */
  key: string;
  userpaperId: number;
  qCode: string;
  seq: number;
  answer?: string | string[];
  flag?: number;
}

const DB_NAME = 'xuetu-exam-journal';
const STORE = 'entries';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('attempt', 'userpaperId');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
}

let dbPromise: Promise<IDBDatabase | null> | undefined;
const db = () => {
  dbPromise ??= openDb();
  return dbPromise;
};

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return db().then(
    (d) =>
      new Promise<T | undefined>((resolve) => {
        if (!d) return resolve(undefined);
        const req = fn(d.transaction(STORE, mode).objectStore(STORE));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(undefined);
      }),
  );
}

export const putEntry = (e: Omit<JournalEntry, 'key'>) => run('readwrite', (s) => s.put({ ...e, key: `${e.userpaperId}:${e.seq}` }));
export const deleteEntry = (e: Pick<JournalEntry, 'key'>) => run('readwrite', (s) => s.delete(e.key));

/** The attempt's unacknowledged entries, oldest seq first. */
export async function pendingEntries(userpaperId: number): Promise<JournalEntry[]> {
  const all = (await run<JournalEntry[]>('readonly', (s) => s.index('attempt').getAll(userpaperId))) ?? [];
  return all.sort((a, b) => a.seq - b.seq);
}

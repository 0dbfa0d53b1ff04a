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
  /** the page that sends it (issue 23 item 3); absent in entries of older versions */
  holder?: string;
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

/** Runs `fn` on every entry of the attempt inside one readwrite transaction (another tab sees all of it or none). */
function eachEntry(userpaperId: number, fn: (e: JournalEntry, cursor: IDBCursorWithValue) => void): Promise<void> {
  return db().then(
    (d) =>
      new Promise<void>((resolve) => {
        if (!d) return resolve();
        const tx = d.transaction(STORE, 'readwrite');
        const req = tx.objectStore(STORE).index('attempt').openCursor(userpaperId);
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return;
          fn(cursor.value as JournalEntry, cursor);
          cursor.continue();
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => resolve();
        tx.onabort = () => resolve();
      }),
  );
}

/**
 * A page that opens or takes over the attempt takes the journal's entries newer than what the
 * server holds (a reload's unsent answers, another tab's) as its own and drops the older ones,
 * in one transaction; answers the entries it now sends, oldest seq first.
 */
export async function adoptEntries(userpaperId: number, holder: string, serverSeqs: Record<string, number>): Promise<JournalEntry[]> {
  const adopted: JournalEntry[] = [];
  await eachEntry(userpaperId, (e, cursor) => {
    if (e.seq <= (serverSeqs[e.qCode] ?? 0)) cursor.delete();
    else {
      const mine = { ...e, holder };
      cursor.update(mine);
      adopted.push(mine);
    }
  });
  return adopted.sort((a, b) => a.seq - b.seq);
}

/** Drops the entries this page still holds: another page holds the attempt and the server refuses them. */
export const dropHeldEntries = (userpaperId: number, holder: string) =>
  eachEntry(userpaperId, (e, cursor) => {
    if (e.holder === holder) cursor.delete();
  });

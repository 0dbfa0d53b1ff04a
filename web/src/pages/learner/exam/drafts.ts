// Keystrokes not yet in the journal (issue 23 item 4). The IndexedDB journal is asynchronous: an
// answer typed a moment before a reload could be lost between the keystroke and the journal's
// commit. Every change is therefore first written here, synchronously (localStorage), with the seq
// it would be sent with; the journal entry that follows removes it. On load, a draft newer than
// what the server and the journal hold becomes a journal entry again.

type Answer = string | string[];

export interface Draft {
  answer: Answer;
  seq: number;
}

const key = (userpaperId: number) => `xuetu-exam-drafts:${userpaperId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The attempt's drafts by question code. */
export function readDrafts(userpaperId: number): Record<string, Draft> {
  try {
    const raw = storage()?.getItem(key(userpaperId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Draft>) : {};
  } catch {
    return {};
  }
}

function writeDrafts(userpaperId: number, drafts: Record<string, Draft>): void {
  try {
    if (Object.keys(drafts).length === 0) storage()?.removeItem(key(userpaperId));
    else storage()?.setItem(key(userpaperId), JSON.stringify(drafts));
  } catch {
    // storage full or refused: the journal still takes the answer at the next pause
  }
}

/** Keeps a typed answer at once, before anything asynchronous happens. */
export function putDraft(userpaperId: number, qCode: string, draft: Draft): void {
  writeDrafts(userpaperId, { ...readDrafts(userpaperId), [qCode]: draft });
}

/** Drops a question's draft once the journal holds that change or a newer one. */
export function dropDraft(userpaperId: number, qCode: string, uptoSeq: number): void {
  const drafts = readDrafts(userpaperId);
  const d = drafts[qCode];
  if (!d || d.seq > uptoSeq) return;
  delete drafts[qCode];
  writeDrafts(userpaperId, drafts);
}

/** Forgets every draft of a submitted attempt. */
export function clearDrafts(userpaperId: number): void {
  writeDrafts(userpaperId, {});
}

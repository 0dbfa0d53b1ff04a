// The participants an exam or a training project is given: people, departments and posts, as the
// editors hold them (id and name, for the tags) and as the server takes them (ids).

export type Person = { id: number; name: string };
export interface Picks {
  users: Person[];
  orgs: Person[];
  posts: Person[];
}
export const NO_PICKS: Picks = { users: [], orgs: [], posts: [] };

/** Adds picks not there yet (by id), keeping the order of the first list. */
export function mergePeople(a: Person[], b: Person[]): Person[] {
  return [...a, ...b.filter((x) => !a.some((y) => y.id === x.id))];
}

/** The participants' ids for the save bodies (SaveData of a project, AddData/UpdateData of an exam). */
export const pickIds = (p: Picks) => ({ users: p.users.map((x) => x.id), orgs: p.orgs.map((x) => x.id), posts: p.posts.map((x) => x.id) });

/** The LIKE/ILIKE pattern "contains `text`": its %, _ and \ match themselves, not any text. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

// The posts domain's query keys (ADR 0039): every key of its calls, in one place.
export const postKeys = {
  /** a page of posts, or of one organisation's posts */
  page: (companySysCode: string, orgCode: string | undefined, keyWord: string, page: { pageIndex: number; pageSize: number }) =>
    ['admin', 'postPage', companySysCode, orgCode, keyWord, page] as const,
  /** every post of a company (pickers) */
  all: (companySysCode: string) => ['admin', 'posts', 'all', companySysCode] as const,
  /** every post of one department (the user forms' post choices) */
  ofOrg: (orgCode: string | undefined, companySysCode: string | undefined) => ['admin', 'orgPosts', orgCode, companySysCode] as const,
};

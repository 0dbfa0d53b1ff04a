// The public pages' first data, asked for by an inline script of index.html while the page's
// JavaScript is still downloading (issue 15: on a phone the data then no longer waits for the
// whole app to start); with a session, on the signed-in pages, the session's three calls
// (issue 23 item 11: the layout and the page wait for them). The request wrapper takes an answer from here once, for the identical
// call, instead of asking again. Plain data, importing only the open paths (plain data too): the
// build reads it (build/data-prefetch.ts); prefetch.test.ts checks it against the contract and the API calls.

import { WHITE_LIST } from '../app/openPaths';

/** the API prefix and the session cookie (`@xuetu/contract` API_BASE and TOKEN_COOKIE_KEY) */
export const PREFETCH_API_BASE = '/prod-api';
export const PREFETCH_TOKEN_COOKIE = 'Admin-Token';
/** the session header (`@xuetu/contract` AUTH_HEADER) */
export const PREFETCH_AUTH_HEADER = 'ydAuthorization';
/** an answer older than this (since the page started) is not used: it was for the first render */
export const PREFETCH_MAX_AGE_MS = 15_000;

export interface PrefetchCall {
  /** path after the API prefix, as the page's call of the endpoint sends it */
  url: string;
  /** null: no body (the page's call passes no input) */
  body: unknown;
}

const open = '/Api/Ydxs/OpenApi';
const siteConfig: PrefetchCall = { url: `${open}/GetSiteConfig`, body: {} };

/**
 * pathname → the POSTs its first screen makes (visitors only: with a session cookie nothing is
 * prefetched, the answers may depend on who asks)
 */
export const PREFETCH_PLAN: Record<string, PrefetchCall[]> = {
  '/home': [
    { url: `${open}/GetFPLinkInfoList`, body: { linkType: 0 } },
    { url: '/Api/SysConfig/sys_notice/GetHomePageImageNotice', body: {} },
    { url: `${open}/GetFPLinkInfoList`, body: { linkType: 1 } },
    { url: `${open}/GetFPLinkInfoList`, body: { linkType: 2 } },
    { url: '/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList', body: { clientType: 2 } },
    siteConfig,
  ],
  '/login': [siteConfig],
  '/register': [siteConfig],
};

/**
 * With a session cookie, on every page but the open ones (guard.ts WHITE_LIST, and /): what the
 * session load asks for (store/session.ts loadSession), with the session header. The answers are
 * used only while the cookie still holds the same token.
 */
export const PREFETCH_SESSION_PLAN: PrefetchCall[] = [
  { url: '/Api/User/user_user/GetUserInfo', body: null },
  { url: '/Api/SysConfig/sys_action/GetUserActionValue', body: null },
  { url: '/Api/SysConfig/sys_action/GetUserMenuList', body: null },
];
/**
 * With a session: pathname → the first screen's calls beyond the session's (their index in the
 * page's list follows the session plan's three): the learner dashboard's banners (its largest
 * paint on a phone), the catalogue's directories and first page, the study page's course
 * (issue 23 item 11). A body's string value `?name` is the page address's query parameter `name`
 * ('' when absent); a call whose body then differs from the page's is simply not used.
 */
export const PREFETCH_SIGNED_PLAN: Record<string, PrefetchCall[]> = {
  '/dashboard': [
    { url: `${open}/GetFPLinkInfoList`, body: { linkType: 0 } },
    { url: '/Api/SysConfig/sys_notice/GetHomePageImageNotice', body: {} },
    // the rest of the first screen: its notices, its counts, and the must-complete exam check
    { url: `${open}/GetFPNoticeInfoList`, body: { top: 6 } },
    { url: '/Api/Train_Manage/Train_Res/GetStatisticsUserStudyData', body: {} },
    { url: '/Api/UserExam/ex_userexam/IsExistImgExam', body: {} },
  ],
  '/trainres/index': [
    { url: '/Api/Train_Manage/Train_ResDir/GetIndexResDirList', body: {} },
    {
      url: '/Api/Train_Manage/Train_Res/ShowCompanyTrainRes',
      body: { dcode: '?dcode', dno: '?dno', keyword: '?keyword', pageIndex: 1, pageSize: 12 },
    },
  ],
  '/trainres/study': [
    { url: '/Api/Train_Manage/Train_Res/GetTrainResStudyDetail', body: { rescode: '?id' } },
    { url: '/Api/Train_Manage/Train_Res/GetStudyInterval', body: {} },
  ],
};
/** lower case, no trailing slash */
export const PREFETCH_SESSION_SKIP = ['/', ...WHITE_LIST.map((p) => p.toLowerCase())];

/** the wrapper's request key (request.ts requestKey) of a prefetched POST */
export const prefetchKey = (call: PrefetchCall) => `post|${call.url}||${call.body === null ? '' : JSON.stringify(call.body)}`;

export interface PrefetchedAnswer {
  status: number;
  data: unknown;
}

interface Prefetched {
  /** performance.now() when it was asked for */
  at: number;
  /** the session token it was asked with ('' for none) */
  token?: string;
  /** null: failed or not JSON; the wrapper then asks itself */
  answer: Promise<PrefetchedAnswer | null>;
}

declare global {
  interface Window {
    __xtPrefetch?: Record<string, Prefetched>;
    /**
     * `'; ' + document.cookie` as the first of the page's inline scripts read it: the others and
     * the app's first read (app/cookies.ts) take it from here instead of asking the browser again
     */
    __xtCk?: string;
  }
}

/**
 * The prefetched answer of this call, once; undefined when there is none, it is too old or it was
 * asked with another session token than `token` (the caller's now; '' for none).
 */
export function takePrefetched(key: string, token = ''): Promise<PrefetchedAnswer | null> | undefined {
  const all = typeof window === 'undefined' ? undefined : window.__xtPrefetch;
  const hit = all?.[key];
  if (!all || !hit) return undefined;
  delete all[key];
  if (performance.now() - hit.at > PREFETCH_MAX_AGE_MS || (hit.token ?? '') !== token) return undefined;
  return hit.answer;
}

/**
 * The first screen's largest picture, found in the prefetched answers and preloaded at once (on
 * /home the first banner: Lighthouse's LCP element, otherwise requested only after the app has
 * rendered). `from`: the plan's calls (by index) and the field holding the picture, in the order
 * the page picks its first picture; the first success answer with an item having it wins.
 * `sizes`, `widths`, `fallbackWidth`, `stored`: what the page's <img> gets from
 * components/responsiveImage.ts, so the browser uses the preloaded copy (prefetch.test.ts checks
 * them against the page's own code).
 */
export interface PrefetchImage {
  from: { call: number; field: string }[];
  sizes: string;
  widths: readonly number[];
  fallbackWidth: number;
  /** source of the RegExp of stored uploads (those have resized copies) */
  stored: string;
}

export const PREFETCH_IMAGE: Record<string, PrefetchImage> = {
  '/home': {
    // Banners.tsx buildBanners: banner links (linkType 0) first, then the image notices
    from: [
      { call: 0, field: 'pcBanner' },
      { call: 1, field: 'pcBanner' },
    ],
    sizes: '(max-width: 600px) 600px, (max-width: 1200px) 1200px, 100vw',
    widths: [160, 320, 640, 960, 1280, 1920],
    fallbackWidth: 1280,
    stored: '^\\/prod-api\\/files\\/[^?#]+$',
  },
};

/** With a session: the first picture, as PREFETCH_IMAGE; `call` counts the session plan's calls first. */
export const PREFETCH_SIGNED_IMAGE: Record<string, PrefetchImage> = {
  '/dashboard': {
    // HomePanels.tsx CarouselPanel: buildBanners of the banner links, then the image notices
    from: [
      { call: 3, field: 'pcBanner' },
      { call: 4, field: 'pcBanner' },
    ],
    sizes: '(max-width: 991px) 100vw, 60vw',
    widths: [160, 320, 640, 960, 1280, 1920],
    fallbackWidth: 960,
    stored: '^\\/prod-api\\/files\\/[^?#]+$',
  },
};

/** The inline script (ES5, no imports) that starts the plan's calls; see build/data-prefetch.ts. */
export function prefetchScript(
  plan: Record<string, PrefetchCall[]> = PREFETCH_PLAN,
  images: Record<string, PrefetchImage> = PREFETCH_IMAGE,
  session: { plan: PrefetchCall[]; skip: string[]; pages: Record<string, PrefetchCall[]>; images: Record<string, PrefetchImage> } = {
    plan: PREFETCH_SESSION_PLAN,
    skip: PREFETCH_SESSION_SKIP,
    pages: PREFETCH_SIGNED_PLAN,
    images: PREFETCH_SIGNED_IMAGE,
  },
): string {
  return `(function(p,b,t,q,s,x,h,e,qi){var m=(window.__xtCk||(window.__xtCk='; '+document.cookie)).match(new RegExp('; '+t+'=([^;]*)')),n=location.pathname,tk='';if(m)try{tk=decodeURIComponent(m[1])}catch(e){tk=m[1]}var o=tk&&x.indexOf(n.replace(/\\/+$/,'').toLowerCase()||'/')<0,f=tk?(o?s.concat(e[n]||[]):null):p[n];if(!f)return;var w=window.__xtPrefetch={},k=[];f.forEach(function(c){var s=c.body===null?'':JSON.stringify(c.body,function(k,v){return typeof v==='string'&&v.charAt(0)==='?'?new URLSearchParams(location.search).get(v.slice(1))||'':v}),hd={Accept:'application/json'};if(s)hd['Content-Type']='application/json';if(tk)hd[h]='Bearer '+tk;k.push(w['post|'+c.url+'||'+s]={at:performance.now(),token:tk,answer:fetch(b+c.url,{method:'POST',headers:hd,body:s||undefined,credentials:'same-origin'}).then(function(r){return r.ok?r.json().then(function(d){return{status:r.status,data:d}}):null}).catch(function(){return null})})});var g=tk?o&&qi[n]:q[n];if(g)Promise.all(g.from.map(function(x){return k[x.call].answer})).then(function(a){var u,i,j,e,d;for(i=0;i<a.length&&!u;i++){e=a[i]&&a[i].data;d=e&&e.success!==false&&!e.errorCode&&e.data;if(d&&d.length)for(j=0;j<d.length&&!u;j++)if(d[j]&&d[j][g.from[i].field])u=d[j][g.from[i].field]}if(!u)return;var l=document.createElement('link');l.rel='preload';l.setAttribute('as','image');l.setAttribute('fetchpriority','high');if(new RegExp(g.stored).test(u)){l.href=u+'?w='+g.fallbackWidth;l.setAttribute('imagesrcset',g.widths.map(function(x){return u+'?w='+x+' '+x+'w'}).join(', '));l.setAttribute('imagesizes',g.sizes)}else l.href=u;document.head.appendChild(l)})})(${JSON.stringify(plan)},${JSON.stringify(PREFETCH_API_BASE)},${JSON.stringify(PREFETCH_TOKEN_COOKIE)},${JSON.stringify(images)},${JSON.stringify(session.plan)},${JSON.stringify(session.skip)},${JSON.stringify(PREFETCH_AUTH_HEADER)},${JSON.stringify(session.pages)},${JSON.stringify(session.images)})`;
}

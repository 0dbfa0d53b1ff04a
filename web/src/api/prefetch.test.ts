import {
  API_BASE,
  AUTH_HEADER,
  IMAGE_VARIANT_WIDTHS,
  learnstatsApi,
  noticesApi,
  portalApi,
  resDirApi,
  studyApi,
  TOKEN_COOKIE_KEY,
  userexamApi,
} from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback';
import { WHITE_LIST } from '../app/guard';
import { useSession } from '../app/store/session';
import { responsiveImg, STORED } from '../components/responsiveImage';
import { PAGE_SIZE } from '../pages/learner/trainres';
import {
  BANNER_FALLBACK_WIDTH,
  BANNER_SIZES,
  buildBanners,
  DASHBOARD_BANNER_FALLBACK_WIDTH,
  DASHBOARD_BANNER_SIZES,
} from '../pages/public/home/Banners';
import { fail, mockApi, ok } from '../test/mockApi';
import { call as callEndpoint } from './client';
import {
  PREFETCH_API_BASE,
  PREFETCH_AUTH_HEADER,
  PREFETCH_IMAGE,
  PREFETCH_MAX_AGE_MS,
  PREFETCH_PLAN,
  PREFETCH_SESSION_PLAN,
  PREFETCH_SESSION_SKIP,
  PREFETCH_SIGNED_IMAGE,
  PREFETCH_SIGNED_PLAN,
  PREFETCH_TOKEN_COOKIE,
  type PrefetchCall,
  type PrefetchedAnswer,
  prefetchKey,
  prefetchScript,
} from './prefetch';
import { isCancelled, resetRequestState } from './request';

// the first screens' calls, with the inputs their pages send
const getLinks = (linkType: number) => callEndpoint(portalApi.getFPLinkInfoList, { linkType });
const getHomeImageNotices = () => callEndpoint(noticesApi.getHomePageImageNotice, {});
const getHomeNotices = (top: number) => callEndpoint(noticesApi.getFPNoticeInfoList, { top });
const getShowModels = () => callEndpoint(portalApi.getShowModelInfoDataList, { clientType: 2 });
const getSiteConfig = () => callEndpoint(portalApi.getSiteConfig, {});
const getIndexResDirList = () => callEndpoint(resDirApi.getIndexResDirList, {}, { silent: true });

let errorSpy: ReturnType<typeof vi.spyOn>;

/** The inline script as a new page load runs it (nothing read of the cookies yet). */
function loadPage() {
  window.__xtCk = undefined;
  new Function(prefetchScript())();
}

beforeEach(() => {
  resetRequestState();
  Cookies.remove(TOKEN_COOKIE_KEY);
  window.__xtPrefetch = undefined;
  window.__xtCk = undefined;
  errorSpy = vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const install = (call: PrefetchCall, answer: Promise<PrefetchedAnswer | null>, at = performance.now(), token?: string) => {
  window.__xtPrefetch = { ...window.__xtPrefetch, [prefetchKey(call)]: { at, answer, token } };
};

describe('prefetched first data of the public pages', () => {
  it('uses the contract’s API prefix and session cookie', () => {
    expect(PREFETCH_API_BASE).toBe(API_BASE);
    expect(PREFETCH_TOKEN_COOKIE).toBe(TOKEN_COOKIE_KEY);
    expect(PREFETCH_AUTH_HEADER).toBe(AUTH_HEADER);
    expect(PREFETCH_SESSION_SKIP).toEqual(['/', ...WHITE_LIST.map((p) => p.toLowerCase())]);
  });

  it('every planned call is the one the page makes: its answer is used once, without asking again', async () => {
    const api = mockApi();
    const calls: [PrefetchCall, () => Promise<unknown>][] = [
      [PREFETCH_PLAN['/home'][0], () => getLinks(0)],
      [PREFETCH_PLAN['/home'][1], getHomeImageNotices],
      [PREFETCH_PLAN['/home'][2], () => getLinks(1)],
      [PREFETCH_PLAN['/home'][3], () => getLinks(2)],
      [PREFETCH_PLAN['/home'][4], getShowModels],
      [PREFETCH_PLAN['/home'][5], getSiteConfig],
      [PREFETCH_PLAN['/login'][0], getSiteConfig],
    ];
    expect(calls).toHaveLength(PREFETCH_PLAN['/home'].length + PREFETCH_PLAN['/login'].length);
    for (const [i, [call, fn]] of calls.entries()) {
      install(call, Promise.resolve({ status: 200, data: ok([`answer ${i}`]) }));
      expect(await fn()).toEqual([`answer ${i}`]);
    }
    expect(api.calls).toEqual([]);
    // taken once: the next identical call asks the server
    api.on('/Api/Ydxs/OpenApi/GetSiteConfig', ok({ siteName: 'fresh' }));
    expect(await getSiteConfig()).toEqual({ siteName: 'fresh' });
    expect(api.calls).toHaveLength(1);
  });

  it('a failure envelope is handled like any answer: its msg shows and the call rejects', async () => {
    mockApi();
    install(PREFETCH_PLAN['/login'][0], Promise.resolve({ status: 200, data: fail('站点未配置') }));
    await expect(getSiteConfig()).rejects.toThrow('站点未配置');
    expect(errorSpy).toHaveBeenCalledWith('站点未配置', expect.any(Number));
  });

  it('a failed or too old prefetch is not used: the wrapper asks itself', async () => {
    const api = mockApi().on('/Api/Ydxs/OpenApi/GetSiteConfig', ok({ siteName: 'server' }));
    install(PREFETCH_PLAN['/login'][0], Promise.resolve(null));
    expect(await getSiteConfig()).toEqual({ siteName: 'server' });
    install(
      PREFETCH_PLAN['/login'][0],
      Promise.resolve({ status: 200, data: ok({ siteName: 'old' }) }),
      performance.now() - PREFETCH_MAX_AGE_MS - 1,
    );
    expect(await getSiteConfig()).toEqual({ siteName: 'server' });
    expect(api.calls).toHaveLength(2);
  });

  it('an identical call while the prefetched answer is awaited cancels the first one, quietly', async () => {
    mockApi().on('/Api/Ydxs/OpenApi/GetSiteConfig', ok({ siteName: 'server' }));
    let arrive!: (answer: PrefetchedAnswer) => void;
    install(PREFETCH_PLAN['/login'][0], new Promise<PrefetchedAnswer>((r) => (arrive = r)));
    const first = getSiteConfig();
    const second = getSiteConfig();
    arrive({ status: 200, data: ok({ siteName: 'early' }) });
    const err = await first.catch((e: unknown) => e);
    expect(isCancelled(err)).toBe(true);
    expect(await second).toEqual({ siteName: 'server' });
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('the inline script asks for the page’s plan, for visitors only', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(ok([])), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/login');
    loadPage();
    expect(Object.keys(window.__xtPrefetch ?? {})).toEqual(PREFETCH_PLAN['/login'].map(prefetchKey));
    expect(fetchMock).toHaveBeenCalledWith(
      `${API_BASE}/Api/Ydxs/OpenApi/GetSiteConfig`,
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );

    window.__xtPrefetch = undefined;
    window.history.replaceState(null, '', '/ydUser/org');
    loadPage();
    expect(window.__xtPrefetch).toBeUndefined();

    Cookies.set(TOKEN_COOKIE_KEY, 'a-session');
    window.history.replaceState(null, '', '/home');
    loadPage();
    expect(window.__xtPrefetch).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on /home the first banner is preloaded as the page will show it', async () => {
    const image = PREFETCH_IMAGE['/home'];
    expect(image.sizes).toBe(BANNER_SIZES);
    expect(image.fallbackWidth).toBe(BANNER_FALLBACK_WIDTH);
    expect(image.widths).toEqual([...IMAGE_VARIANT_WIDTHS]);
    expect(image.stored).toBe(STORED.source);
    expect(image.from.map((f) => PREFETCH_PLAN['/home'][f.call].url)).toEqual([
      '/Api/Ydxs/OpenApi/GetFPLinkInfoList',
      '/Api/SysConfig/sys_notice/GetHomePageImageNotice',
    ]);
    expect(PREFETCH_PLAN['/home'][image.from[0].call].body).toEqual({ linkType: 0 });

    const links = [
      { linkCode: 'a', linkName: '无图', pcBanner: '', pcLinkUrl: '' },
      { linkCode: 'b', linkName: '横幅', pcBanner: '/prod-api/files/content/2026/01/b.png', pcLinkUrl: '' },
    ];
    const notices = [{ noticeSysCode: 'n', noticeTitle: '通知', pcBanner: '/prod-api/files/content/2026/01/n.png', noticeType: 1 }];
    const answers: Record<string, unknown> = {
      '/Api/Ydxs/OpenApi/GetFPLinkInfoList': ok(links),
      '/Api/SysConfig/sys_notice/GetHomePageImageNotice': ok(notices),
    };
    const preloaded = async (answer: Record<string, unknown>) => {
      for (const l of document.head.querySelectorAll('link[rel=preload][as=image]')) l.remove();
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          Promise.resolve(new Response(JSON.stringify(answer[url.slice(API_BASE.length)] ?? ok([])), { status: 200 })),
        ),
      );
      window.history.replaceState(null, '', '/home');
      loadPage();
      await Promise.all(Object.values(window.__xtPrefetch ?? {}).map((p) => p.answer));
      await new Promise((r) => setTimeout(r, 0));
      return document.head.querySelector<HTMLLinkElement>('link[rel=preload][as=image]');
    };

    const link = await preloaded(answers);
    const first = buildBanners(links as never, notices as never)[0];
    const img = responsiveImg(first.image, BANNER_SIZES, BANNER_FALLBACK_WIDTH);
    expect(link?.getAttribute('href')).toBe(img.src);
    expect(link?.getAttribute('imagesrcset')).toBe(img.srcSet);
    expect(link?.getAttribute('imagesizes')).toBe(img.sizes);
    expect(link?.getAttribute('fetchpriority')).toBe('high');

    // no banner link: the first image notice; a failed answer or none at all: nothing preloaded
    const noticeOnly = await preloaded({ ...answers, '/Api/Ydxs/OpenApi/GetFPLinkInfoList': fail('出错了') });
    expect(noticeOnly?.getAttribute('href')).toBe(responsiveImg(notices[0].pcBanner, BANNER_SIZES, BANNER_FALLBACK_WIDTH).src);
    expect(await preloaded({})).toBeNull();
  });
});

describe('prefetched session calls of the signed-in pages (issue 23 item 11)', () => {
  const user = { userId: 1, name: '学员', roles: ['learner'], sysRoles: [4] };
  const menus = [{ url: '/dashboard', title: '首页' }];

  it('the session load takes the three answers asked with its token, without asking again', async () => {
    const api = mockApi();
    Cookies.set(TOKEN_COOKIE_KEY, 'tok-1');
    useSession.setState({ token: 'tok-1' });
    const answers = [ok(user), ok(['a:b']), ok(menus)];
    for (const [i, call] of PREFETCH_SESSION_PLAN.entries())
      install(call, Promise.resolve({ status: 200, data: answers[i] }), performance.now(), 'tok-1');
    await useSession.getState().loadSession({ silent: true });
    expect(api.calls).toEqual([]);
    expect(useSession.getState().actions).toEqual(['a:b']);
    expect(useSession.getState().menus).toEqual(menus);
  });

  it('answers asked with another token are not used', async () => {
    const api = mockApi()
      .on('/Api/User/user_user/GetUserInfo', ok({ ...user, name: '另一位' }))
      .on('/Api/SysConfig/sys_action/GetUserActionValue', ok([]))
      .on('/Api/SysConfig/sys_action/GetUserMenuList', ok([]));
    Cookies.set(TOKEN_COOKIE_KEY, 'tok-2');
    useSession.setState({ token: 'tok-2' });
    for (const call of PREFETCH_SESSION_PLAN) install(call, Promise.resolve({ status: 200, data: ok(user) }), performance.now(), 'tok-1');
    await useSession.getState().loadSession({ silent: true });
    expect(api.calls).toHaveLength(3);
    expect(useSession.getState().userInfo?.name).toBe('另一位');
  });

  it('the inline script asks for them with the session header on a signed-in page only', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(ok([])), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    Cookies.set(TOKEN_COOKIE_KEY, 'tok 3');
    window.history.replaceState(null, '', '/ysUserExam/myexam');
    loadPage();
    expect(Object.keys(window.__xtPrefetch ?? {})).toEqual(PREFETCH_SESSION_PLAN.map(prefetchKey));
    expect(fetchMock).toHaveBeenCalledWith(
      `${API_BASE}/Api/User/user_user/GetUserInfo`,
      expect.objectContaining({ method: 'POST', body: undefined, headers: { Accept: 'application/json', [AUTH_HEADER]: 'Bearer tok 3' } }),
    );
    for (const path of ['/home', '/Login/', '/']) {
      window.__xtPrefetch = undefined;
      window.history.replaceState(null, '', path);
      loadPage();
      expect(window.__xtPrefetch).toBeUndefined();
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('on /dashboard the banners’ calls are the carousel’s and its first picture is preloaded as it shows it', async () => {
    const api = mockApi();
    const image = PREFETCH_SIGNED_IMAGE['/dashboard'];
    expect(image.sizes).toBe(DASHBOARD_BANNER_SIZES);
    expect(image.fallbackWidth).toBe(DASHBOARD_BANNER_FALLBACK_WIDTH);
    expect(image.widths).toEqual([...IMAGE_VARIANT_WIDTHS]);
    expect(image.stored).toBe(STORED.source);
    const plan = [...PREFETCH_SESSION_PLAN, ...PREFETCH_SIGNED_PLAN['/dashboard']];
    // the banners' two calls come first; the notices, counts and exam check after them
    expect(image.from.map((f) => plan[f.call])).toEqual(PREFETCH_SIGNED_PLAN['/dashboard'].slice(0, 2));
    Cookies.set(TOKEN_COOKIE_KEY, 'tok-4');
    for (const [i, call] of PREFETCH_SIGNED_PLAN['/dashboard'].entries())
      install(call, Promise.resolve({ status: 200, data: ok([`answer ${i}`]) }), performance.now(), 'tok-4');
    expect(await getLinks(0)).toEqual(['answer 0']);
    expect(await getHomeImageNotices()).toEqual(['answer 1']);
    expect(await getHomeNotices(6)).toEqual(['answer 2']);
    expect(await callEndpoint(learnstatsApi.getStatisticsUserStudyData, {}, { silent: true })).toEqual(['answer 3']);
    expect(await callEndpoint(userexamApi.isExistImgExam, {}, { silent: true })).toEqual(['answer 4']);
    expect(api.calls).toEqual([]);

    const links = [{ linkCode: 'b', linkName: '横幅', pcBanner: '/prod-api/files/content/2026/01/b.png', pcLinkUrl: '' }];
    for (const l of document.head.querySelectorAll('link[rel=preload][as=image]')) l.remove();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(new Response(JSON.stringify(url.endsWith('GetFPLinkInfoList') ? ok(links) : ok([])), { status: 200 })),
      ),
    );
    window.history.replaceState(null, '', '/dashboard');
    loadPage();
    expect(Object.keys(window.__xtPrefetch ?? {})).toEqual(plan.map(prefetchKey));
    await Promise.all(Object.values(window.__xtPrefetch ?? {}).map((p) => p.answer));
    await new Promise((r) => setTimeout(r, 0));
    const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload][as=image]');
    const img = responsiveImg(links[0].pcBanner, DASHBOARD_BANNER_SIZES, DASHBOARD_BANNER_FALLBACK_WIDTH);
    expect(link?.getAttribute('href')).toBe(img.src);
    expect(link?.getAttribute('imagesrcset')).toBe(img.srcSet);
    expect(link?.getAttribute('imagesizes')).toBe(img.sizes);
  });

  it('the catalogue’s and the study page’s calls, with the address’s query, are the ones the pages make', async () => {
    const api = mockApi();
    const answered = (url: string) => Promise.resolve(new Response(JSON.stringify(ok(url)), { status: 200 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => answered(url.slice(API_BASE.length))),
    );
    Cookies.set(TOKEN_COOKIE_KEY, 'tok-5');
    window.history.replaceState(null, '', '/trainres/index');
    loadPage();
    expect(await getIndexResDirList()).toBe('/Api/Train_Manage/Train_ResDir/GetIndexResDirList');
    expect(await callEndpoint(studyApi.showCompanyTrainRes, { dcode: '', dno: '', keyword: '', pageIndex: 1, pageSize: PAGE_SIZE })).toBe(
      '/Api/Train_Manage/Train_Res/ShowCompanyTrainRes',
    );
    window.history.replaceState(null, '', '/trainres/study?id=R%201');
    loadPage();
    expect(await callEndpoint(studyApi.getTrainResStudyDetail, { rescode: 'R 1' })).toBe(
      '/Api/Train_Manage/Train_Res/GetTrainResStudyDetail',
    );
    expect(await callEndpoint(studyApi.getStudyInterval, {}, { silent: true })).toBe('/Api/Train_Manage/Train_Res/GetStudyInterval');
    expect(api.calls).toEqual([]);
  });
});

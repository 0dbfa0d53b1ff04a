// Which component renders which route. To add a page, replace its UnderConstruction with
// `page(() => import('./admin/user'))` (one line per url). Keep this file a plain map.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { antdStyles } from '../app/antdStyles';

export type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * A page outside the layout: its chunk and antd's configuration load together (the boot carries no
 * antd, ADR 0050; inside the layout, the layout brings it).
 */
export const outsideLayout = <P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(async () => {
    const [{ inAntdConfig }, , loaded] = await Promise.all([import('../app/AntdConfig'), antdStyles(), load()]);
    return { default: inAntdConfig(loaded.default) };
  });

const loaders = new WeakMap<object, () => Promise<unknown>>();
const leanPages = new WeakSet<object>();

/**
 * A page inside the layout, drawn with antd: the layout renders it inside antd's configuration and
 * <App> (AntAppScope), whose chunk it asks for together with the page's (`preloadPage`).
 */
export function page(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  const component = lazy(load);
  loaders.set(component, load);
  return component;
}

/**
 * A page inside the layout whose first screen draws no antd (ADR 0050; its path is in
 * app/leanPages.ts): the layout renders it without antd's configuration, and the page loads antd
 * for its own later parts (AntIsland).
 */
export function leanPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  const component = page(load);
  leanPages.add(component);
  return component;
}

export const isLeanPage = (component: PageComponent) => leanPages.has(component);

/** Starts loading a page's chunk (the layout, before antd's chunk has arrived). */
export function preloadPage(component: PageComponent): void {
  void loaders.get(component)?.();
}

/** The placeholder of pages not built yet; a lazy chunk like every page, out of the first load. */
export const UnderConstruction = lazy(() => import('./UnderConstruction'));

/** Menu pages: view url of a menu entry (contract ACTION_TREE `url`) → page. Titles come from the menu. */
export const menuPages: Record<string, PageComponent> = {
  // learning centre
  '/trainres/index': leanPage(() => import('./learner/trainres')),
  '/project/mystudy': page(() => import('./learner/mystudy')),
  '/ysUserExam/myexam': page(() => import('./learner/myexam')),
  '/ysUserExam/practice': page(() => import('./learner/practice')),
  '/ysUserExam/wrongbook': page(() => import('./learner/wrongbook')),
  '/regulations/index': page(() => import('./learner/regulations')),
  '/ydmessage/index': page(() => import('./learner/messages')),
  '/certificate/mine': page(() => import('./learner/certificates')),
  // users
  '/ydUser/index': page(() => import('./admin/users')),
  '/ydUser/org': page(() => import('./admin/org')),
  '/ydUser/post': page(() => import('./admin/post')),
  '/ydUser/company': page(() => import('./admin/company')),
  // training
  '/trainres/dir': page(() => import('./admin/trainres/dir')),
  '/trainres/manage': page(() => import('./admin/trainres/manage')),
  '/trainres/audit': page(() => import('./admin/trainres/audit')),
  '/project/manage': page(() => import('./admin/project')),
  '/certificate/manage': page(() => import('./admin/certificates')),
  // exams
  '/exam/question': page(() => import('./admin/exam/question')),
  '/exam/paper': page(() => import('./admin/exam/paper')),
  '/exam/manage': page(() => import('./admin/exam/manage')),
  '/exam/marking': page(() => import('./admin/exam/marking')),
  '/exam/result': page(() => import('./admin/exam/result')),
  '/exam/practice': page(() => import('./admin/exam/practice')),
  // content
  '/content/notice': page(() => import('./admin/content/notices')),
  '/content/link': page(() => import('./admin/content/links')),
  '/content/lecturer': page(() => import('./admin/content/lecturers')),
  '/content/model': page(() => import('./admin/content/models')),
  '/content/regulation': page(() => import('./admin/content/regulations')),
  '/content/site': page(() => import('./admin/content/site')),
  '/content/message': page(() => import('./admin/content/message')),
  // system
  '/permission/role': page(() => import('./admin/role')),
  '/permission/pageCtrl': page(() => import('./admin/pageCtrl')),
  '/system/auditlog': page(() => import('./admin/auditlog')),
  '/system/jobs': page(() => import('./admin/jobs')),
  '/system/identity-sources': page(() => import('./admin/identity-sources')),
};

export interface LayoutPage {
  title: string;
  /** omitted: the same component as menuPages[path] (routable even when the menu lacks it) */
  page?: PageComponent;
  /** pinned tab */
  affix?: boolean;
}

/** Pages inside the layout that are not menu entries (hidden: routable, not in the sidebar). */
export const layoutPages: Record<string, LayoutPage> = {
  '/dashboard': { title: '首页', page: leanPage(() => import('./dashboard')), affix: true },
  '/profile/index': { title: '个人中心', page: UnderConstruction },
  '/ydmessage/index': { title: '我的消息' },
  '/trainres/study': { title: '课程学习', page: leanPage(() => import('./learner/study')) },
  '/project/detail': { title: '培训项目', page: page(() => import('./learner/project')) },
  '/ysUserExam/exam': { title: '在线考试', page: leanPage(() => import('./learner/exam')) },
  '/ysUserExam/examview': { title: '考试结果', page: page(() => import('./learner/examview')) },
  '/ysUserExam/imgexam': { title: '必考考试', page: page(() => import('./learner/imgexam')) },
  '/ydnotice/showview': { title: '公告详情', page: page(() => import('./public/showview')) },
};

/** Full-screen pages outside the layout. The guard decides who may open them (spec §2 white list). */
export const standalonePages: Record<string, { title: string; page: PageComponent }> = {
  // drawn without antd (app/leanPages.ts LEAN_PUBLIC_PATHS): their dialogs and other forms bring antd when they open
  '/home': { title: '首页', page: lazy(() => import('./public/home')) },
  '/login': { title: '登录', page: lazy(() => import('./login')) },
  '/register': { title: '注册', page: outsideLayout(() => import('./register')) },
  '/company': { title: '企业入驻', page: outsideLayout(() => import('./UnderConstruction')) },
  '/infonoticelist': { title: '通知公告', page: outsideLayout(() => import('./public/infonoticelist')) },
  '/viewnoticeitem': { title: '公告详情', page: outsideLayout(() => import('./public/viewnoticeitem')) },
  '/ohrlogin': { title: '单点登录', page: outsideLayout(() => import('./ohrlogin')) },
  // the public verification of a certificate's code (issue 42), signed in or not
  '/cert/:code': { title: '证书查验', page: outsideLayout(() => import('./public/cert')) },
};

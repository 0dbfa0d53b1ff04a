// Which component renders which route. To add a page, replace its UnderConstruction with
// `lazy(() => import('./admin/user'))` (one line per url). Keep this file a plain map.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * A page outside the layout: its chunk and antd's configuration load together (the boot carries no
 * antd, ADR 0050; inside the layout, the layout brings it).
 */
export const outsideLayout = <P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(async () => {
    const [{ inAntdConfig }, page] = await Promise.all([import('../app/AntdConfig'), load()]);
    return { default: inAntdConfig(page.default) };
  });

/** The placeholder of pages not built yet; a lazy chunk like every page, out of the first load. */
export const UnderConstruction = lazy(() => import('./UnderConstruction'));

/** Menu pages: view url of a menu entry (contract ACTION_TREE `url`) → page. Titles come from the menu. */
export const menuPages: Record<string, PageComponent> = {
  // learning centre
  '/trainres/index': lazy(() => import('./learner/trainres')),
  '/project/mystudy': lazy(() => import('./learner/mystudy')),
  '/ysUserExam/myexam': lazy(() => import('./learner/myexam')),
  '/ysUserExam/practice': lazy(() => import('./learner/practice')),
  '/ysUserExam/wrongbook': lazy(() => import('./learner/wrongbook')),
  '/regulations/index': lazy(() => import('./learner/regulations')),
  '/ydmessage/index': lazy(() => import('./learner/messages')),
  // users
  '/ydUser/index': lazy(() => import('./admin/users')),
  '/ydUser/org': lazy(() => import('./admin/org')),
  '/ydUser/post': lazy(() => import('./admin/post')),
  '/ydUser/company': lazy(() => import('./admin/company')),
  // training
  '/trainres/dir': lazy(() => import('./admin/trainres/dir')),
  '/trainres/manage': lazy(() => import('./admin/trainres/manage')),
  '/trainres/audit': lazy(() => import('./admin/trainres/audit')),
  '/project/manage': lazy(() => import('./admin/project')),
  // exams
  '/exam/question': lazy(() => import('./admin/exam/question')),
  '/exam/paper': lazy(() => import('./admin/exam/paper')),
  '/exam/manage': lazy(() => import('./admin/exam/manage')),
  '/exam/marking': lazy(() => import('./admin/exam/marking')),
  '/exam/result': lazy(() => import('./admin/exam/result')),
  '/exam/practice': lazy(() => import('./admin/exam/practice')),
  // content
  '/content/notice': lazy(() => import('./admin/content/notices')),
  '/content/link': lazy(() => import('./admin/content/links')),
  '/content/lecturer': lazy(() => import('./admin/content/lecturers')),
  '/content/model': lazy(() => import('./admin/content/models')),
  '/content/regulation': lazy(() => import('./admin/content/regulations')),
  '/content/site': lazy(() => import('./admin/content/site')),
  '/content/message': lazy(() => import('./admin/content/message')),
  // system
  '/permission/role': lazy(() => import('./admin/role')),
  '/permission/pageCtrl': lazy(() => import('./admin/pageCtrl')),
  '/system/auditlog': lazy(() => import('./admin/auditlog')),
  '/system/jobs': lazy(() => import('./admin/jobs')),
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
  '/dashboard': { title: '首页', page: lazy(() => import('./dashboard')), affix: true },
  '/profile/index': { title: '个人中心', page: UnderConstruction },
  '/ydmessage/index': { title: '我的消息' },
  '/trainres/study': { title: '课程学习', page: lazy(() => import('./learner/study')) },
  '/project/detail': { title: '培训项目', page: lazy(() => import('./learner/project')) },
  '/ysUserExam/exam': { title: '在线考试', page: lazy(() => import('./learner/exam')) },
  '/ysUserExam/examview': { title: '考试结果', page: lazy(() => import('./learner/examview')) },
  '/ysUserExam/imgexam': { title: '必考考试', page: lazy(() => import('./learner/imgexam')) },
  '/ydnotice/showview': { title: '公告详情', page: lazy(() => import('./public/showview')) },
};

/** Full-screen pages outside the layout. The guard decides who may open them (spec §2 white list). */
export const standalonePages: Record<string, { title: string; page: PageComponent }> = {
  '/home': { title: '首页', page: outsideLayout(() => import('./public/home')) },
  '/login': { title: '登录', page: outsideLayout(() => import('./login')) },
  '/register': { title: '注册', page: outsideLayout(() => import('./register')) },
  '/company': { title: '企业入驻', page: outsideLayout(() => import('./UnderConstruction')) },
  '/infonoticelist': { title: '通知公告', page: outsideLayout(() => import('./public/infonoticelist')) },
  '/viewnoticeitem': { title: '公告详情', page: outsideLayout(() => import('./public/viewnoticeitem')) },
  '/ohrlogin': { title: '单点登录', page: outsideLayout(() => import('./ohrlogin')) },
};

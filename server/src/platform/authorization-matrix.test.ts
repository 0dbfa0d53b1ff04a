import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTokens, type TestApp } from '../../test/helper.ts';

// The authorisation matrix: every route of the route table that is not public, with an explicit
// decision for every demo role (DESIGN.md accounts). A new route without a line here fails the
// first test, so each one gets a decision when it is written; a line for a route that no longer
// exists fails it too. Object rules (which user, which company) are tested in each module.
const ROLES = ['admin', 'operator', 'corpadmin', 'learner01', 'other01'] as const;
type Role = (typeof ROLES)[number];

const SIGNED_IN: Role[] = [...ROLES];
const STAFF: Role[] = ['admin', 'operator', 'corpadmin'];
const PLATFORM: Role[] = ['admin', 'operator'];
const ROLE_ADMINS: Role[] = ['admin', 'corpadmin'];
const ADMIN: Role[] = ['admin'];

/** path below /prod-api → the demo roles let in (others get 403; no session gets 401) */
const MATRIX: Record<string, Role[]> = {
  '/Api/User/user_user/GetUserInfo': SIGNED_IN,
  '/Api/User/user_user/GetUserList': STAFF,
  '/Api/User/user_user/OpenAndClose': STAFF,
  '/Api/User/user_user/SetUserCompany': PLATFORM,
  '/Api/User/user_user/SetPassword': STAFF,
  '/Api/User/user_user/EditUserInfo': STAFF,
  '/Api/User/user_user/ExportUserList': STAFF,
  '/Api/User/user_user/checkuserinfo': STAFF,
  '/Api/User/user_user/SaveExportIn': STAFF,
  '/Api/User/user_user/GetImportJob': STAFF,
  '/Api/User/user_user/UserExportIn': STAFF,
  '/Api/User/user_user/GetwwwrootUrl': SIGNED_IN,
  '/Api/upload/Upload/UploadZFileByFormTemporarily': SIGNED_IN,
  '/Api/upload/Upload/UploadZFileByForm': SIGNED_IN,
  '/Api/User/user_company/GetCompanyListPage': STAFF,
  '/Api/User/user_company/SaveCompany': PLATFORM,
  '/Api/User/user_company/OpenAndClose': PLATFORM,
  '/Api/User/user_org/GetOrgTree': STAFF,
  '/Api/User/user_org/AddOrg': STAFF,
  '/Api/User/user_org/EditOrg': STAFF,
  '/Api/User/user_org/DeleteOrg': STAFF,
  '/Api/User/user_orgpost/GetOrgPostListPage': STAFF,
  '/Api/User/user_orgpost/Removeorgpost': STAFF,
  '/Api/User/user_post/GetPostListPage': STAFF,
  '/Api/User/user_post/SavePost': STAFF,
  '/Api/User/user_post/DeletePost': STAFF,
  '/Api/User/user_post/SetOrgPostBySelectOrg': STAFF,
  '/Api/SysConfig/sys_role/GetRoleListPage': STAFF,
  '/Api/SysConfig/sys_role/GetCurrentRoles': ROLE_ADMINS,
  '/Api/SysConfig/sys_role/GetSysRoleEnum': ROLE_ADMINS,
  '/Api/SysConfig/sys_role/AddRole': ROLE_ADMINS,
  '/Api/SysConfig/sys_role/EidtRole': ROLE_ADMINS,
  '/Api/SysConfig/sys_userrole/SaveUserRole': STAFF,
  '/Api/SysConfig/sys_action/GetRoleTree': ROLE_ADMINS,
  '/Api/SysConfig/sys_action/GetActionById': ADMIN,
  '/Api/SysConfig/sys_action/AddAction': ADMIN,
  '/Api/SysConfig/sys_action/EditAction': ADMIN,
  '/Api/SysConfig/sys_action/SaveActionStatus': ADMIN,
  '/Api/SysConfig/sys_auditlog/GetAuditLogPage': ADMIN,
  '/Api/User/user_user/UpdateUserInfoByUser': SIGNED_IN,
  '/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile': SIGNED_IN,
  '/Api/User/user_user/GetEditphoneCheckNum': SIGNED_IN,
  '/Api/User/user_user/EditPhone': SIGNED_IN,
  '/Api/User/user_user/GetEditPassWordCheckNum': SIGNED_IN,
  '/Api/User/user_user/EditPassWord': SIGNED_IN,
  '/Api/User/user_user/EditTemporaryPassWord': SIGNED_IN,
  '/Api/User/user_user/GetCancelUserVerifyCode': SIGNED_IN,
  '/Api/User/user_user/CheckCancelUserVerifyCode': SIGNED_IN,
  '/Api/User/user_user/CancelUser': SIGNED_IN,
  '/Api/SysConfig/sys_action/GetUserMenuList': SIGNED_IN,
  '/Api/SysConfig/sys_action/GetUserActionValue': SIGNED_IN,
  '/Api/SysConfig/sys_message/GetNoReadCount': SIGNED_IN,
  '/Api/SysConfig/sys_message/GetMessageDataPageList': SIGNED_IN,
  '/Api/SysConfig/sys_message/SetIsRead': SIGNED_IN,
  '/Api/SysConfig/sys_message/SetAllIsRead': SIGNED_IN,
  '/Api/SysConfig/sys_message/GetReceiverList': STAFF,
  '/Api/SysConfig/sys_message/SendMessage': STAFF,
  '/Api/SysConfig/sys_notice/Getguizhangzhidu': SIGNED_IN,
  '/Api/SysConfig/sys_notice/GetNoticeDataPageList': STAFF,
  '/Api/SysConfig/sys_notice/GetNoticeEditData': STAFF,
  '/Api/SysConfig/sys_notice/AddNotice': STAFF,
  '/Api/SysConfig/sys_notice/UpdateNotice': STAFF,
  '/Api/SysConfig/sys_notice/SetNoticeStatus': STAFF,
  '/Api/SysConfig/sys_notice/DelNotice': STAFF,
  '/Api/SysConfig/sys_notice/UploadContentFile': STAFF,
  '/Api/Fp_Manage/Fp_link/GetLinkDataList': PLATFORM,
  '/Api/Fp_Manage/Fp_link/SaveLinkData': PLATFORM,
  '/Api/Fp_Manage/Fp_link/DelLinkData': PLATFORM,
  '/Api/Fp_Manage/Fp_lecturer/GetLecturerDataList': PLATFORM,
  '/Api/Fp_Manage/Fp_lecturer/SaveLecturerData': PLATFORM,
  '/Api/Fp_Manage/Fp_lecturer/DelLecturerData': PLATFORM,
  '/Api/Fp_Manage/Fp_modelinfo/GetModelInfoDataList': PLATFORM,
  '/Api/Fp_Manage/Fp_modelinfo/SaveModelInfoData': PLATFORM,
  '/Api/Fp_Manage/Fp_modelinfo/DelModelInfoData': PLATFORM,
  '/Api/SysConfig/sys_regulation/GetRegulationDataList': PLATFORM,
  '/Api/SysConfig/sys_regulation/SaveRegulationData': PLATFORM,
  '/Api/SysConfig/sys_regulation/DelRegulationData': PLATFORM,
  '/Api/SysConfig/sys_site/GetSiteSettings': PLATFORM,
  '/Api/SysConfig/sys_site/SaveSiteSettings': PLATFORM,
  '/Api/Exam_Manage/ex_questiondir/GetTreeData': STAFF,
  '/Api/Exam_Manage/ex_questiondir/SaveData': STAFF,
  '/Api/Exam_Manage/ex_questiondir/DeleteData': STAFF,
  '/Api/Exam_Manage/ex_question/GetPageList': STAFF,
  '/Api/Exam_Manage/ex_question/GetData': STAFF,
  '/Api/Exam_Manage/ex_question/AddData': STAFF,
  '/Api/Exam_Manage/ex_question/UpdateData': STAFF,
  '/Api/Exam_Manage/ex_question/Delete': STAFF,
  '/Api/Exam_Manage/ex_question/BatchDelete': STAFF,
  '/Api/Exam_Manage/ex_question/GetTemplate': STAFF,
  '/Api/Exam_Manage/ex_question/ImportCheck': STAFF,
  '/Api/Exam_Manage/ex_question/Import': STAFF,
  '/Api/Exam_Manage/ex_question/ImportRefused': STAFF,
  '/Api/Exam_Manage/ex_question/Export': STAFF,
  '/Api/Exam_Manage/ex_paper/GetPageList': STAFF,
  '/Api/Exam_Manage/ex_paper/GetData': STAFF,
  '/Api/Exam_Manage/ex_paper/AddData': STAFF,
  '/Api/Exam_Manage/ex_paper/UpdateData': STAFF,
  '/Api/Exam_Manage/ex_paper/Delete': STAFF,
  '/Api/Exam_Manage/ex_paper/Preview': STAFF,
  '/Api/Exam_Manage/ex_exam/GetPageList': STAFF,
  '/Api/Exam_Manage/ex_exam/GetData': STAFF,
  '/Api/Exam_Manage/ex_exam/AddData': STAFF,
  '/Api/Exam_Manage/ex_exam/UpdateData': STAFF,
  '/Api/Exam_Manage/ex_exam/Delete': STAFF,
  '/Api/Exam_Manage/ex_exam/Publish': STAFF,
  '/Api/Exam_Manage/ex_exam/Close': STAFF,
  '/Api/UserExam/ex_userexam/GetMyExamList': SIGNED_IN,
  '/Api/UserExam/ex_userexam/IsExistImgExam': SIGNED_IN,
  '/Api/UserExam/ex_userexam/GetExamDetail': SIGNED_IN,
  '/Api/UserExam/ex_userexam/GetUserExamDetail': SIGNED_IN,
  '/Api/UserExam/ex_userexam/BeginExam': SIGNED_IN,
  '/Api/UserExam/ex_userexam/GetExamPaper': SIGNED_IN,
  '/Api/UserExam/ex_userexam/SaveAnswer': SIGNED_IN,
  '/Api/UserExam/ex_userexam/SubmitExam': SIGNED_IN,
  '/Api/UserExam/ex_userexam/ReportLeave': SIGNED_IN,
  '/Api/UserExam/ex_userexam/GetExamResult': SIGNED_IN,
  '/Api/UserExam/ex_userexam/ExportResultPdf': SIGNED_IN,
  '/Api/UserExam/ex_userexam/GetExamResultList': STAFF,
  '/Api/Exam_Manage/ex_marking/GetQueue': STAFF,
  '/Api/Exam_Manage/ex_marking/Mark': STAFF,
  '/Api/Exam_Manage/ex_exam/GetStatistics': STAFF,
  '/Api/Exam_Manage/ex_exam/ExportResults': STAFF,
  '/Api/Exam_Manage/ex_exam/GetItemAnalysis': STAFF,
  '/Api/Exam_Manage/ex_exam/ExportItemAnalysis': STAFF,
  '/Api/Exam_Manage/ex_practice/GetPageList': STAFF,
  '/Api/Exam_Manage/ex_practice/GetData': STAFF,
  '/Api/Exam_Manage/ex_practice/AddData': STAFF,
  '/Api/Exam_Manage/ex_practice/UpdateData': STAFF,
  '/Api/Exam_Manage/ex_practice/Delete': STAFF,
  '/Api/Exam_Manage/ex_practice/GetExamOverlap': STAFF,
  '/Api/UserExam/ex_practice/GetMyPracticeList': SIGNED_IN,
  '/Api/UserExam/ex_practice/GetNextQuestion': SIGNED_IN,
  '/Api/UserExam/ex_practice/AnswerQuestion': SIGNED_IN,
  '/Api/UserExam/ex_practice/Restart': SIGNED_IN,
  '/Api/UserExam/ex_wrongbook/GetWrongBook': SIGNED_IN,
  '/Api/UserExam/ex_wrongbook/AnswerWrong': SIGNED_IN,
  '/Api/UserExam/ex_wrongbook/Remove': SIGNED_IN,
  '/Api/UserExam/ex_practice/GetCounts': SIGNED_IN,
  '/Api/SysConfig/sys_job/GetJobPageList': ADMIN,
  '/Api/SysConfig/sys_job/Retry': ADMIN,
  '/Api/SysConfig/sys_identity_source/GetIdentitySourceList': ROLE_ADMINS,
  '/Api/SysConfig/sys_identity_source/GetIdentitySource': ROLE_ADMINS,
  '/Api/SysConfig/sys_identity_source/SaveIdentitySource': ROLE_ADMINS,
  '/Api/SysConfig/sys_identity_source/DeleteIdentitySource': ROLE_ADMINS,
  '/Api/SysConfig/sys_identity_source/TestIdentitySource': ROLE_ADMINS,
  '/Api/Train_Manage/Train_ResDir/GetTreeData': STAFF,
  '/Api/Train_Manage/Train_ResDir/GetListByPNo': STAFF,
  '/Api/Train_Manage/Train_ResDir/SaveData': STAFF,
  '/Api/Train_Manage/Train_ResDir/DeleteData': STAFF,
  '/Api/Train_Manage/Train_Res/GetTrainResPageList': STAFF,
  '/Api/Train_Manage/Train_Res/GetSearchPageList': STAFF,
  '/Api/Train_Manage/Train_Res/GetTrainResAuditPageList': STAFF,
  '/Api/Train_Manage/Train_Res/GetTrainRes': STAFF,
  '/Api/Train_Manage/Train_Res/AddData': STAFF,
  '/Api/Train_Manage/Train_Res/UpdateData': STAFF,
  '/Api/Train_Manage/Train_Res/ChangeDirectory': STAFF,
  '/Api/Train_Manage/Train_Res/MultiChangeDirectory': STAFF,
  '/Api/Train_Manage/Train_Res/ReOrder': STAFF,
  '/Api/Train_Manage/Train_Res/SetPrivate': STAFF,
  '/Api/Train_Manage/Train_Res/SetRecommend': STAFF,
  '/Api/Train_Manage/Train_Res/EditRecommendRes': STAFF,
  '/Api/Train_Manage/Train_Res/Delete': STAFF,
  '/Api/Train_Manage/Train_Res/BatchDelete': STAFF,
  '/Api/Train_Manage/Train_Res/PostCheck': STAFF,
  '/Api/Train_Manage/Train_Res/BatchPostCheck': STAFF,
  '/Api/Train_Manage/Train_Res/Audit': STAFF,
  '/Api/Train_Manage/Train_Res/Revoke': STAFF,
  '/Api/Train_Manage/Train_Res/GetAuditHistory': STAFF,
  '/media/upload': STAFF,
  '/media/upload/*': STAFF,
  '/Api/Train_Manage/Train_Res/GetMediaStatus': STAFF,
  '/Api/Train_Manage/Train_Res/RetryMedia': STAFF,
  '/Api/Train_Manage/Train_Res/GetMediaCapability': STAFF,
  // learner study (issue 13): every signed-in user
  '/Api/Train_Manage/Train_Res/ShowCompanyTrainRes': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetTrainResDetail': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetTrainResStudyDetail': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetRelevantList': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetNoteList': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/AddNoteData': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/UpdateNote': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/DelNote': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/Collect': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/SetThumbsup': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetStudyInterval': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/Study': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/StudyComplete': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/StudyPresence': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetStudySettings': STAFF,
  '/Api/Train_Manage/Train_Res/SaveStudySettings': STAFF,
  // training projects (issue 13)
  '/Api/Project_Manage/project_project/GetPageList': STAFF,
  '/Api/Project_Manage/project_project/GetDetail': STAFF,
  '/Api/Project_Manage/project_project/SaveData': STAFF,
  '/Api/Project_Manage/project_project/Delete': STAFF,
  '/Api/Project_Manage/project_project/SaveResources': STAFF,
  '/Api/Project_Manage/project_project/SaveParticipants': STAFF,
  '/Api/Project_Manage/project_project/GetParticipants': STAFF,
  '/Api/Project_Manage/project_project/GetEnrolments': STAFF,
  '/Api/Project_Manage/project_project/SavePrjusrattr': STAFF,
  '/Api/Project_Manage/project_project/Publish': STAFF,
  '/Api/Project_Manage/project_project/Close': STAFF,
  '/Api/Project_Manage/project_project/GetFPMyStudyData': SIGNED_IN,
  '/Api/Project_Manage/project_project/JoinProject': SIGNED_IN,
  '/Api/Project_Manage/project_project/GetProjectDetailData': SIGNED_IN,
  '/Api/Project_Manage/project_project/GetCheckProjectSettings': SIGNED_IN,
  '/Api/Project_Manage/project_project/GetPrjusrattrInfoForThreeSafety': SIGNED_IN,
  // learning statistics (learnstats): the dashboard's count cards and calendar
  '/Api/User/user_user/GetUserCount': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/GetStatisticsUserStudyData': SIGNED_IN,
  '/Api/Train_Manage/Train_Res/LearningMonthLog': SIGNED_IN,
  // certificates (issue 42): 证书管理 for the administrators, 我的证书 for everyone signed in
  '/Api/Certificate/cert_manage/GetCertDefinitionList': STAFF,
  '/Api/Certificate/cert_manage/GetCertDefinition': STAFF,
  '/Api/Certificate/cert_manage/SaveCertDefinition': STAFF,
  '/Api/Certificate/cert_manage/GetIssuedCertList': STAFF,
  '/Api/Certificate/cert_manage/ExportIssuedCertList': STAFF,
  '/Api/Certificate/cert_manage/RevokeCert': STAFF,
  '/Api/Certificate/cert_manage/IssueCertManually': STAFF,
  '/Api/UserCert/my_cert/GetMyCerts': SIGNED_IN,
  '/Api/UserCert/my_cert/DownloadMyCertPdf': SIGNED_IN,
};

let t: TestApp;
let tokens: Record<Role, string>;
beforeAll(async () => ({ t, tokens } = await appWithTokens(ROLES)));
afterAll(() => t.close());

const guarded = () => t.app.xuetuRoutes.filter((r) => r.access !== 'public');
const key = (url: string) => url.replace('/prod-api', '').toLowerCase();
const methodOf = (path: string) =>
  t.app.xuetuRoutes.find((r) => key(r.url) === path.toLowerCase())?.methods.includes('POST') ? 'POST' : 'GET';

async function call(path: string, token?: string) {
  const method = methodOf(path);
  const res = await t.inject({
    method,
    url: `/prod-api${path}`,
    headers: token ? { ydAuthorization: `Bearer ${token}` } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });
  // an allowed export answers with the file itself
  return String(res.headers['content-type']).includes('json') ? res.json() : { errorCode: 0, msg: 'file' };
}

describe('authorisation matrix over the route table', () => {
  it('has a decision for every guarded route, and no line for a route that does not exist', () => {
    const listed = new Set(Object.keys(MATRIX).map((k) => k.toLowerCase()));
    expect(
      guarded()
        .map((r) => r.url.replace('/prod-api', ''))
        .filter((u) => !listed.has(u.toLowerCase())),
    ).toEqual([]);
    const registered = new Set(guarded().map((r) => key(r.url)));
    expect(Object.keys(MATRIX).filter((k) => !registered.has(k.toLowerCase()))).toEqual([]);
  });

  it('answers every guarded route with 401 without a session', async () => {
    for (const path of Object.keys(MATRIX)) expect((await call(path)).errorCode, path).toBe(401);
  });

  it.each(ROLES)('lets %s into exactly the routes of its decisions', async (role) => {
    const wrong: string[] = [];
    for (const [path, allowed] of Object.entries(MATRIX)) {
      const body = await call(path, tokens[role]);
      const denied = body.success === false && body.errorCode === 403;
      if (denied === allowed.includes(role)) wrong.push(`${path}: ${denied ? 'refused' : 'let in'} (${body.msg})`);
    }
    expect(wrong).toEqual([]);
  });
});

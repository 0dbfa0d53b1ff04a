import { ProjectMsg } from './projects.schemas.ts';

/** Training projects (issue 13, Project_Manage). */
export const ProjectErrors = {
  PROJECT_NOT_FOUND: '培训项目不存在',
  PROJECT_PERIOD_INVALID: '项目结束日期不能早于开始日期',
  PROJECT_PLAN_INVALID: '培训批次的时间必须在项目周期内，且结束日期不能早于开始日期',
  PROJECT_PLAN_DUPLICATE: '培训批次名称不能重复',
  PROJECT_RES_NOT_FOUND: '所选资源不存在或尚未审核通过',
  PROJECT_EXAM_NOT_FOUND: '所选考试不存在',
  PROJECT_CLOSED: '项目已结束，不能再修改',
  PROJECT_ALREADY_PUBLISHED: '项目已发布',
  PROJECT_NOT_PUBLISHED: '项目尚未发布',
  PROJECT_RESOURCES_REQUIRED: '请先为项目选择培训资源',
  PROJECT_PARTICIPANTS_REQUIRED: '请先选择参训人员，或设置为本公司学员均可参加',
  PROJECT_HAS_ENROLMENTS: '已有学员加入该项目，不能删除',
  PROJECT_NOT_OPEN: '项目不在报名时间内或未发布，不能加入',
  PROJECT_NOT_PARTICIPANT: '您不在该项目的参训范围内',
  PROJECT_ALREADY_JOINED: '您已加入该项目',
  PROJECT_PLAN_REQUIRED: '请选择培训批次',
  PROJECT_PLAN_NOT_FOUND: '培训批次不存在或不在开放时间内',
  PROJECT_USER_NOT_FOUND: '该学员未加入此项目',
  PROJECT_NOT_SAFETY: '该项目不是安全培训项目',
  /** message: ProjectMsg.planHasEnrolments(planName) */
  PROJECT_PLAN_HAS_ENROLMENTS: '培训批次已有学员加入，不能删除',
  PROJECT_CERT_VALID_INVALID: ProjectMsg.certValidInvalid,
} as const;

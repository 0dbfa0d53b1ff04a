// The controllers of the original system the endpoint tests call (paths below /prod-api, as the
// spec spells them), named once; a test imports the ones it calls under its short alias:
// `import { TRAIN_RES as R } from '…/test/api-paths.ts'`, then `${R}/GetTrainResPageList`.
export const TRAIN_RES = '/Api/Train_Manage/Train_Res';
export const TRAIN_RES_DIR = '/Api/Train_Manage/Train_ResDir';
export const QUESTION_DIR = '/Api/Exam_Manage/ex_questiondir';
export const QUESTION = '/Api/Exam_Manage/ex_question';
export const PAPER = '/Api/Exam_Manage/ex_paper';
export const EXAM = '/Api/Exam_Manage/ex_exam';
export const PRACTICE_ADMIN = '/Api/Exam_Manage/ex_practice';
export const USER_EXAM = '/Api/UserExam/ex_userexam';
export const PRACTICE = '/Api/UserExam/ex_practice';
export const WRONGBOOK = '/Api/UserExam/ex_wrongbook';
export const USER = '/Api/User/user_user';

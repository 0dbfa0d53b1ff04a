// Which product areas have their server endpoints yet. Screens that show course or exam data
// (the /home showcase, the dashboard panels) render their 建设中 state while an area is off and
// call none of its endpoints. The courses / exams work flips its flag when its endpoints land.
export const features: Readonly<Record<'courses' | 'exams', boolean>> = {
  /** resource library, study tracking, rankings, study stars (Train_Manage/Train_Res…, Project_Manage) */
  courses: false,
  /** exam taking for learners (UserExam/ex_userexam…) */
  exams: true,
};

export type Feature = keyof typeof features;

/**
 * Item analysis of an exam (issue 26 item 4, ADR 0041): the counted attempt of each learner (their
 * highest submitted score), its distribution and summary, and per question the facility index,
 * the discrimination index (upper and lower 27 %) and how often each option was chosen.
 */

/** a discrimination below this (and not negative) is flagged as near zero */
export const NEAR_ZERO_DISCRIMINATION = 0.1;
/** share of the counted attempts in each of the upper and lower groups */
export const DISCRIMINATION_GROUP_SHARE = 0.27;

/**
 * Why a question is worth a look: negative or near-zero discrimination, or a facility that shows
 * everyone right (过易) or everyone wrong (过难) — such a question cannot tell learners apart
 * whatever its discrimination says, so it is named for its difficulty (issue 38 item 14).
 */
export type ItemFlag = 'negative' | 'nearZero' | 'tooEasy' | 'tooHard' | null;
export const ITEM_FLAG_TEXT: Record<Exclude<ItemFlag, null>, string> = {
  negative: '负区分度',
  nearZero: '区分度接近零',
  tooEasy: '过易',
  tooHard: '过难',
};

export interface ItemOptionCount {
  /** the option letter (A–I) as the frozen paper showed it */
  key: string;
  /** the option's text (the identity of the option when options are shuffled per attempt) */
  text: string;
  /** counted attempts that chose this option */
  count: number;
  /** part of the reference answer */
  correct: boolean;
}

export interface ItemAnalysisQuestion {
  qCode: string;
  order: number;
  qName: string;
  qType: number;
  /** counted attempts that had this question */
  attempts: number;
  /** of those, how many answered it */
  answered: number;
  /** mean share of the question's score obtained (share right for all-or-nothing questions), 0–1; null: nothing marked yet */
  facility: number | null;
  /** facility in the upper 27 % minus facility in the lower 27 %, −1–1; null: too few attempts or nothing marked */
  discrimination: number | null;
  upperFacility: number | null;
  lowerFacility: number | null;
  flag: ItemFlag;
  /** single, multiple and true/false questions: how often each option was chosen */
  options: ItemOptionCount[];
}

export interface ItemAnalysis {
  examCode: string;
  examName: string;
  totlescore: number;
  passScore: number;
  /** learners with a counted (submitted) attempt */
  counted: number;
  /** submitted attempts of the exam (every attempt, counted or not) */
  submittedAttempts: number;
  mean: number;
  median: number;
  /** population standard deviation of the counted scores */
  stdDev: number;
  passed: number;
  /** passed / counted, 0–1 */
  passRate: number;
  /** size of each of the upper and lower groups */
  groupSize: number;
  /** ten buckets of the counted score: [0,10%), [10%,20%) … [90%,100%] of the total */
  histogram: { label: string; from: number; to: number; count: number }[];
  questions: ItemAnalysisQuestion[];
}

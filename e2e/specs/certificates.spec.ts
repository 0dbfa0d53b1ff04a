import { readFileSync } from 'node:fs';
import { pdfText } from '../../server/test/pdf-text.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { api, chinaTime as china, login, revealDashboardPanels } from '../fixtures/session.ts';

// Certificates (issue 42): a certificate issued on passing an exam. The learner passes the exam in
// the browser, finds the certificate (issued by the server's job) on the dashboard and on 我的证书,
// downloads its PDF (the name and number are its text), and anyone signed out opens its public
// verification address and sees 有效.

const EXAM_NAME = '端到端证书考试';
const CERT_NAME = '端到端安全员证';
const ACCOUNT = 'learner19';

let examCode = '';
let learner = '';
let learnerName = '';

test.beforeAll(async ({ request }) => {
  const corp = await login(request, 'corpadmin');
  learner = await login(request, ACCOUNT);
  const { qCode } = await api<{ qCode: string }>(request, corp, '/Api/Exam_Manage/ex_question/AddData', {
    qType: 1,
    qName: '进入受限空间作业前首先应当？',
    a: '直接进入',
    b: '通风并检测气体',
    answer: 'B',
  });
  const { paperCode } = await api<{ paperCode: string }>(request, corp, '/Api/Exam_Manage/ex_paper/AddData', {
    paperName: '端到端证书试卷',
    paperType: 1,
    questions: [{ qCode, score: 100 }],
  });
  const info = await api<{ userId?: number; id?: number; chnName?: string; name?: string }>(
    request,
    learner,
    '/Api/User/user_user/GetUserInfo',
    {},
  );
  learnerName = String(info.chnName ?? info.name);
  ({ examCode } = await api<{ examCode: string }>(request, corp, '/Api/Exam_Manage/ex_exam/AddData', {
    examName: EXAM_NAME,
    paperCode,
    time: 30,
    examStartTime: china(new Date(Date.now() - 3600_000)),
    examEndTime: china(new Date(Date.now() + 7 * 24 * 3600_000)),
    passScore: 60,
    participants: { users: [Number(info.userId ?? info.id)] },
  }));
  await api(request, corp, '/Api/Exam_Manage/ex_exam/Publish', { examCode });
  await api(request, corp, '/Api/Certificate/cert_manage/SaveCertDefinition', {
    name: CERT_NAME,
    prefix: 'ETOE',
    validityMonths: 12,
    rules: [{ kind: 'exam', refCode: examCode }],
  });
});

test('a learner passes the exam, downloads the certificate PDF from 我的证书, and anyone signed out sees it 有效', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'Admin-Token', value: learner, domain: '127.0.0.1', path: '/' }]);
  await page.goto('/dashboard');
  await revealDashboardPanels(page);
  await page.getByRole('tab', { name: '我的考试' }).click();
  const card = page.getByTestId(`exam-card-${examCode}`);
  await card.getByRole('button', { name: '开始考试' }).click();
  await page.getByTestId('begin-exam').click();
  await page.getByTestId('question-1').getByText('B. 通风并检测气体').click();
  await expect(page.getByTestId('sync-state')).toHaveText('答案已全部保存');
  await page.getByTestId('submit-exam').click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/ysUserExam\/examview\?userpaperId=\d+/);

  // the server's job issues it after the pass commits: the learner's list shows it once it has run
  await expect
    .poll(async () => (await api<{ certName: string }[]>(page.request, learner, '/Api/UserCert/my_cert/GetMyCerts', {})).length, {
      message: 'the certificate is issued by the job enqueued with the pass',
      timeout: 30_000,
    })
    .toBe(1);

  // the dashboard's entry leads to 我的证书
  await page.goto('/dashboard');
  await revealDashboardPanels(page);
  await expect(page.getByTestId('count-card-certificates')).toContainText('1');
  await page.getByTestId('count-card-certificates').click();
  await expect(page).toHaveURL(/\/certificate\/mine/);
  const cert = page.getByTestId('my-cert');
  await expect(cert).toContainText(CERT_NAME);
  await expect(cert).toContainText('有效');
  const number = (await cert.getByTestId('my-cert-number').textContent()) ?? '';
  expect(number).toMatch(/^ETOE\d{4}\d{6}$/);

  const download = page.waitForEvent('download');
  await cert.getByTestId('my-cert-pdf').click();
  const pdf = readFileSync(await (await download).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain(learnerName);
  expect(text).toContain(number);

  // the verification address, opened by someone not signed in
  const href = (await cert.getByTestId('my-cert-verify').getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/cert\/[A-Za-z0-9_-]{22}$/);
  const visitor = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const open = await visitor.newPage();
    await open.goto(new URL(href, page.url()).toString());
    await expect(open.getByTestId('cert-verify-status')).toHaveText('有效');
    const shown = open.getByTestId('cert-verify-page');
    await expect(shown).toContainText(CERT_NAME);
    await expect(shown).toContainText('演示科技有限公司');
    // the holder's name is masked, and the number is not shown
    await expect(shown).not.toContainText(learnerName);
    await expect(shown).not.toContainText(number);
  } finally {
    await visitor.close();
  }
});

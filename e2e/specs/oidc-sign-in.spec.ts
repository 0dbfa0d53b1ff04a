import { type OidcProviderKit, startOidcProvider } from '../../server/test/oidc-provider.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { api, signInByApi } from '../fixtures/session.ts';

// OpenID Connect sign-in (issue 41 items 2 and 6) in the browser: a real provider (`oidc-provider`
// from npm, started here by the server tests' test/oidc-provider.ts, on a free loopback port), a
// platform administrator connecting it for a company on 身份源 (测试连接 reads its discovery
// document; the client secret is shown only as 已设置), then a visitor clicking 使用 XX 登录 on
// /login, signing in and consenting at the provider, and landing signed in — an account created
// in that company at this first sign-in. Also: a sign-in that failed says why on the login page.
const PAGE = '/system/identity-sources';
const SECRET = 'e2e-client-secret';
let kit: OidcProviderKit;

test.beforeAll(async () => {
  const base = test.info().project.use.baseURL!;
  kit = await startOidcProvider({
    clients: [{ client_id: 'xuetu-e2e', client_secret: SECRET, redirect_uris: [`${base}/prod-api/auth/oidc/callback`] }],
    people: {
      'e2e.oidc': {
        password: 'Oidc@2026',
        claims: { name: '统一身份学员', preferred_username: 'e2e.oidc', phone_number: '13966660077', email: 'oidc@xuetu.test' },
      },
    },
  });
});
test.afterAll(async () => {
  await kit?.stop();
});

test('a company’s OpenID Connect provider: connected on 身份源, then 使用 XX 登录 on /login signs a person in', async ({
  page,
  browser,
}) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto(PAGE);
  await expect(page.getByTestId('identity-sources')).toBeVisible();
  await page.getByTestId('source-add').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('source-company').click();
  await page.keyboard.type('示例物流');
  await page.locator('.ant-select-item-option', { hasText: '示例物流有限公司' }).click();
  await drawer.getByTestId('source-name').fill('物流统一身份');
  await drawer.getByTestId('source-kind').click();
  await page.locator('.ant-select-item-option', { hasText: 'OpenID Connect' }).click();
  // the callback to register at the provider is shown as the browser sees the site
  await expect(drawer.getByTestId('source-callback')).toHaveText(`${test.info().project.use.baseURL}/prod-api/auth/oidc/callback`);
  await drawer.getByTestId('source-issuer').fill(kit.issuer);
  await drawer.getByTestId('source-client-id').fill('xuetu-e2e');
  await drawer.getByTestId('source-password').fill(SECRET);
  await drawer.getByTestId('source-button-name').fill('物流统一身份');
  await drawer.getByTestId('source-test').click();
  await expect(drawer.getByTestId('source-test-result')).toHaveText(
    `连接成功：已从签发方 ${kit.issuer} 读取 OpenID Connect 配置（授权、令牌和公钥地址齐全）`,
  );
  await drawer.getByTestId('source-save').click();
  const row = page.locator('tr', { hasText: '物流统一身份' });
  await expect(row).toContainText('OpenID Connect');
  await expect(row).toContainText(kit.issuer);
  await expect(row).toContainText('已设置');

  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await visitor.newPage();
    await login.goto('/login');
    await login.getByRole('link', { name: '使用 物流统一身份 登录' }).click();
    // the provider's own pages
    await expect(login).toHaveURL(new RegExp(`^${kit.issuer}/interaction/`));
    await login.getByLabel('账号').fill('e2e.oidc');
    await login.getByLabel('密码').fill('Oidc@2026');
    await login.getByRole('button', { name: '登录' }).click();
    await login.getByRole('button', { name: '同意授权' }).click();
    // back in Xuetu, signed in
    await expect(login).toHaveURL(/\/home$/);
    const token = (await visitor.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    expect(token).not.toBe('');
    const me = await api<{ chnName: string; accountCode: string }>(login.request, token, '/Api/User/user_user/GetUserInfo', {});
    expect(me).toMatchObject({ chnName: '统一身份学员', accountCode: 'e2e.oidc' });
  } finally {
    await visitor.close();
  }

  // the connection goes again; its button with it
  await row.getByTestId('source-delete').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  const buttons = await page.request.get('/prod-api/Api/SysConfig/sys_identity_source/GetSignInButtons', {
    headers: { ydAuthorization: `Bearer ${admin}` },
  });
  expect(((await buttons.json()).data.models as { label: string }[]).map((b) => b.label)).not.toContain('使用 物流统一身份 登录');
});

test('a sign-in that ended at the provider says why on the login page', async ({ page }) => {
  await page.goto('/login?oidcError=state');
  await expect(page.getByTestId('oidc-error')).toHaveText('登录请求已失效或已被使用，请重新点击登录按钮');
  // a key the server never sends shows nothing (no text is taken from the address)
  await page.goto('/login?oidcError=%E4%BD%A0%E5%A5%BD');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('oidc-error')).toHaveCount(0);
});

// What the SMS gateways need from the environment (README's configuration table). Kept apart from
// env.ts so the start check (env.ts) and the adapters (platform/sms-*.ts) read one list.

/** Every purpose a code is sent for (modules/identity/account/codes.ts); each has its own template. */
export const SMS_PURPOSES = ['login', 'register', 'reset', 'editphone', 'editpwd', 'cancel'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** The template variable of each purpose: SMS_TEMPLATE_LOGIN, SMS_TEMPLATE_REGISTER, … */
export const SMS_TEMPLATE_VARS = {
  login: 'SMS_TEMPLATE_LOGIN',
  register: 'SMS_TEMPLATE_REGISTER',
  reset: 'SMS_TEMPLATE_RESET',
  editphone: 'SMS_TEMPLATE_EDITPHONE',
  editpwd: 'SMS_TEMPLATE_EDITPWD',
  cancel: 'SMS_TEMPLATE_CANCEL',
} as const satisfies Record<SmsPurpose, `SMS_TEMPLATE_${string}`>;

export type SmsGatewayName = 'aliyun' | 'tencent';

/** The variables a gateway cannot start without (the region has a default). */
export function requiredSmsVars(provider: SmsGatewayName): string[] {
  const common = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', ...Object.values(SMS_TEMPLATE_VARS)];
  return provider === 'tencent' ? [...common, 'SMS_SDK_APP_ID'] : common;
}

/** SMS_ENDPOINT: a host (`dysmsapi.aliyuncs.com`, `127.0.0.1:9000`) or a URL with http/https. */
export const SMS_ENDPOINT_PATTERN = /^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/;

/** The endpoint split for the SDKs: `{ protocol: 'http', host: '127.0.0.1:9000' }`; https unless said. */
export function parseSmsEndpoint(value: string): { protocol: 'http' | 'https'; host: string } {
  const m = /^(?:(https?):\/\/)?([^/]+)\/?$/.exec(value.trim());
  if (!m) throw new Error(`SMS_ENDPOINT: expected a host or http(s)://host[:port], got ${value}`);
  return { protocol: m[1] === 'http' ? 'http' : 'https', host: m[2] };
}

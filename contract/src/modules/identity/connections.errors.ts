/** Identity connections (身份源, issue 41). */
export const ConnectionErrors = {
  IDENTITY_SOURCE_NOT_FOUND: '身份源不存在',
  IDENTITY_SOURCE_KIND_UNSUPPORTED: '暂不支持该类型的身份源',
  IDENTITY_SOURCE_NAME_TAKEN: '该公司已有同名的身份源',
  /** the server has no CONNECTION_SECRET_KEY: a secret cannot be stored or read */
  IDENTITY_SOURCE_KEY_MISSING: '服务器未配置身份源密钥（CONNECTION_SECRET_KEY），无法保存或使用服务账号密码',
  /** the address or service account changed: the saved password is not sent anywhere new */
  IDENTITY_SOURCE_SECRET_RETYPE: '地址或服务账号已更改，请重新输入服务账号密码',
} as const;

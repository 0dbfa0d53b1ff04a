/** Certificates (issue 42). */
export const CertificateErrors = {
  CERT_DEFINITION_NOT_FOUND: '证书不存在',
  CERT_NOT_FOUND: '证书不存在',
  CERT_NAME_TAKEN: '该公司已有同名的证书',
  CERT_RULE_EXAM_NOT_FOUND: '发放规则中的考试不存在（须为本公司的考试）',
  CERT_RULE_PROJECT_NOT_FOUND: '发放规则中的培训项目不存在（须为本公司的项目）',
  CERT_RULE_DUPLICATE: '同一场考试或同一个培训项目只能设置一条发放规则',
  CERT_ALREADY_REVOKED: '该证书已撤销',
  CERT_DEFINITION_DISABLED: '该证书已停用，不能发放',
  CERT_NOBODY_TO_ISSUE: '所选范围内没有可发放证书的人员',
  CERT_TOO_MANY_PEOPLE: '一次最多向 5000 人发放证书',
  CERT_PDF_FONT_MISSING: '服务器缺少中文字体，暂时无法生成证书 PDF',
  CERT_CODE_UNKNOWN: '未找到该证书：查验码不存在，请核对后重试',
} as const;

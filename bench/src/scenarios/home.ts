// An anonymous visitor loading the public home page (/home): every call the page makes.
// The bench runner loads `homeCalls` and reports req/s and p99 per call against the baselines.
export const homeCalls: { path: string; body: unknown }[] = [
  { path: '/prod-api/Api/SysConfig/sys_notice/GetHomePageImageNotice', body: {} },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 0 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 1 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 2 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 3 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 4 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLinkInfoList', body: { linkType: 5 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPLecturerInfoList', body: {} },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetFPNoticeInfoList', body: { top: 6 } },
  { path: '/prod-api/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList', body: { clientType: 2 } },
  { path: '/prod-api/Api/Ydxs/OpenApi/GetSiteConfig', body: {} },
];

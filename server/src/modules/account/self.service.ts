import { AccountMsg, type UploadedImage } from '@xuetu/contract';
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { invalidateActor } from '../../platform/actor.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import type { AppContext } from '../../platform/context.ts';
import { appError, appErrorMsg } from '../../platform/errors.ts';
import { attachFiles, fileUrl, storeUpload } from '../../platform/files/index.ts';
import { maskPhone } from '../../platform/sms.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { sendCode, verifyCode } from './codes.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { checkNewPassword, endUserSessions, setPasswordAndRevoke } from './recovery.service.ts';
import { findAccountById, updateOwnAccount } from './repository.ts';
import type { RequestMeta } from './signin.service.ts';

// The signed-in user's own account: profile, avatar, phone, password, cancellation.

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** spec: crop default 200x200 — the least an avatar may have */
export const AVATAR_MIN_PX = 200;
const AVATAR_MAX_PX = 8000;
const AVATAR_PREFIX = 'avatar';

async function currentUser(ctx: AppContext, userId: number) {
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw appError('SIGNIN_SECRET_EXPIRED');
  return user;
}

/** UpdateUserInfoByUser: the fields a user keeps themselves; phone only through its own dialog. */
export async function updateOwnProfile(
  caller: Caller,
  input: { sex?: number; qq?: string; weChat?: string; email?: string; headImage?: string; headImagePath?: string },
) {
  const head = input.headImagePath ?? input.headImage;
  let headImage: string | undefined;
  if (head !== undefined) {
    // only an image this server stored as an avatar (its key, or its /prod-api/files/ url)
    const key = head.replace(/^\/prod-api\/files\//, '');
    if (key && !key.startsWith(`${AVATAR_PREFIX}/`)) throw appError('AVATAR_INVALID');
    headImage = key;
  }
  const { ctx } = caller;
  const userId = requireActor(caller).userId;
  await updateOwnAccount(ctx.db, userId, {
    ...(input.sex !== undefined ? { sex: input.sex } : {}),
    ...(input.qq !== undefined ? { qq: input.qq } : {}),
    ...(input.weChat !== undefined ? { weChat: input.weChat } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(headImage !== undefined ? { headImage } : {}),
  });
  if (headImage) await attachFiles(caller, [headImage]);
  await invalidateActor(ctx, userId);
}

/** UploadImageFileByFormToZfile: jpg/png by content, ≤ 10 MB, at least 200×200 pixels. */
export async function uploadAvatar(caller: Caller, req: FastifyRequest): Promise<UploadedImage> {
  const upload = await receiveUpload(req, {
    kinds: ['image'],
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: AccountMsg.avatarType,
    sizeMessage: AccountMsg.avatarSize,
  });
  if (upload.mime !== 'image/jpeg' && upload.mime !== 'image/png') throw appError('AVATAR_TYPE');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(upload.buffer);
  } catch {
    throw appError('AVATAR_TYPE');
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < AVATAR_MIN_PX || height < AVATAR_MIN_PX)
    throw appErrorMsg('AVATAR_TOO_SMALL', AccountMsg.avatarPixels(AVATAR_MIN_PX, AVATAR_MIN_PX));
  if (width > AVATAR_MAX_PX || height > AVATAR_MAX_PX)
    throw appErrorMsg('AVATAR_TOO_LARGE', AccountMsg.avatarPixelsMax(AVATAR_MAX_PX, AVATAR_MAX_PX));
  // also course covers (the crop uploader): resized copies for the pages that list them
  const { key } = await storeUpload(caller, upload, { prefix: AVATAR_PREFIX, purpose: 'avatar', imageVariants: true });
  return { path: key, url: fileUrl(key) };
}

/** GetEditphoneCheckNum: a code to the new phone. */
export async function sendEditPhoneCode(
  ctx: AppContext,
  userId: number,
  input: { newPhone: string; ticket?: string; randstr?: string },
  meta: RequestMeta,
) {
  const user = await currentUser(ctx, userId);
  if (user.mobile === input.newPhone) throw appError('SAME_PHONE');
  await requireCaptchaOrGrant(ctx, {
    purpose: 'editphone',
    subject: `u${userId}`,
    ip: meta.ip,
    ticket: input.ticket,
    randstr: input.randstr,
  });
  await sendCode(ctx, { phone: input.newPhone, purpose: 'editphone', ip: meta.ip, log: meta.log });
  return maskPhone(input.newPhone);
}

/** EditPhone: the code sent to the new phone proves it. */
export async function editPhone(ctx: AppContext, userId: number, input: { newPhone: string; checkNum: string }, meta: RequestMeta) {
  await guarded(ctx, { scope: 'code', account: `u${userId}`, ip: meta.ip }, () =>
    verifyCode(ctx, { phone: input.newPhone, purpose: 'editphone', code: input.checkNum, consume: true }),
  );
  await updateOwnAccount(ctx.db, userId, { mobile: input.newPhone });
  await invalidateActor(ctx, userId);
}

/** A code to the user's own phone (password change, cancellation); answers the masked phone. */
export async function sendOwnPhoneCode(
  ctx: AppContext,
  userId: number,
  purpose: 'editpwd' | 'cancel',
  input: { ticket?: string; randstr?: string },
  meta: RequestMeta & { captcha: boolean },
) {
  const user = await currentUser(ctx, userId);
  if (!user.mobile) throw appError('NO_MOBILE');
  if (meta.captcha)
    await requireCaptchaOrGrant(ctx, { purpose, subject: `u${userId}`, ip: meta.ip, ticket: input.ticket, randstr: input.randstr });
  await sendCode(ctx, { phone: user.mobile, purpose, ip: meta.ip, log: meta.log });
  return maskPhone(user.mobile);
}

/** EditPassWord: strength, match, the code; then every session ends (this one too). */
export async function editPassword(
  ctx: AppContext,
  userId: number,
  input: { pas1: string; pas2: string; checkNum: string },
  meta: RequestMeta,
) {
  checkNewPassword(input.pas1, input.pas2);
  const user = await currentUser(ctx, userId);
  await guarded(ctx, { scope: 'code', account: `u${userId}`, ip: meta.ip }, () =>
    verifyCode(ctx, { phone: user.mobile, purpose: 'editpwd', code: input.checkNum, consume: true }),
  );
  await setPasswordAndRevoke(ctx, userId, input.pas1);
}

/** CheckCancelUserVerifyCode (consume false) and CancelUser (consume true). */
export async function checkCancelCode(ctx: AppContext, userId: number, code: string, meta: RequestMeta, consume: boolean) {
  const user = await currentUser(ctx, userId);
  await guarded(ctx, { scope: 'code', account: `u${userId}`, ip: meta.ip }, () =>
    verifyCode(ctx, { phone: user.mobile, purpose: 'cancel', code, consume }),
  );
}

/** CancelUser: the account can no longer sign in; every session ends. */
export async function cancelAccount(ctx: AppContext, userId: number, code: string, meta: RequestMeta) {
  await checkCancelCode(ctx, userId, code, meta, true);
  await updateOwnAccount(ctx.db, userId, { cancelledAt: new Date() });
  await endUserSessions(ctx, userId);
}

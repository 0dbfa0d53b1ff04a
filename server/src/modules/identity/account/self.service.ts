import { AccountMsg, type UploadedImage } from '@xuetu/contract';
import sharp from 'sharp';
import { invalidateActor } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { attachFiles, fileUrl, storeUpload } from '../../../platform/files/index.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { maskPhone } from '../../../platform/sms.ts';
import type { ReceivedUpload, UploadRules } from '../../../platform/uploads.ts';
import { findAccountById, updateOwnAccount } from '../../directory/public.ts';
import { sendCode, verifyCode } from './codes.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { checkNewPassword, endUserSessions, setPasswordAndRevoke } from './recovery.service.ts';

// The signed-in user's own account: profile, avatar, phone, password, cancellation.

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** spec: crop default 200x200 — the least an avatar may have */
export const AVATAR_MIN_PX = 200;
const AVATAR_MAX_PX = 8000;
const AVATAR_PREFIX = 'avatar';

async function currentUser(caller: Caller) {
  const user = await findAccountById(caller.ctx.db, requireActor(caller).userId);
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
  await updateOwnAccount(
    ctx.db,
    userId,
    {
      ...(input.sex !== undefined ? { sex: input.sex } : {}),
      ...(input.qq !== undefined ? { qq: input.qq } : {}),
      ...(input.weChat !== undefined ? { weChat: input.weChat } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(headImage !== undefined ? { headImage } : {}),
    },
    caller.now,
  );
  if (headImage) await attachFiles(caller, [headImage]);
  await invalidateActor(ctx, userId);
}

/** What the avatar route reads from the multipart body (the route receives it; see uploadAvatar). */
export const AVATAR_UPLOAD_RULES: UploadRules = {
  kinds: ['image'],
  maxBytes: AVATAR_MAX_BYTES,
  typeMessage: AccountMsg.avatarType,
  sizeMessage: AccountMsg.avatarSize,
};

/** UploadImageFileByFormToZfile: jpg/png by content, ≤ 10 MB, at least 200×200 pixels. */
export async function uploadAvatar(caller: Caller, upload: ReceivedUpload): Promise<UploadedImage> {
  if (upload.mime !== 'image/jpeg' && upload.mime !== 'image/png') throw appError('AVATAR_TYPE');
  // the header's pixel size only (nothing is decoded), so no pixel limit here: 8000 is checked below
  let size: { width?: number; height?: number };
  try {
    size = await sharp(upload.buffer, { limitInputPixels: false }).metadata();
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
export async function sendEditPhoneCode(caller: Caller, input: { newPhone: string; ticket?: string; randstr?: string }) {
  const user = await currentUser(caller);
  if (user.mobile === input.newPhone) throw appError('SAME_PHONE');
  await requireCaptchaOrGrant(caller, { purpose: 'editphone', subject: `u${user.id}`, ticket: input.ticket, randstr: input.randstr });
  await sendCode(caller, { phone: input.newPhone, purpose: 'editphone' });
  return maskPhone(input.newPhone);
}

/** EditPhone: the code sent to the new phone proves it. */
export async function editPhone(caller: Caller, input: { newPhone: string; checkNum: string }) {
  const { userId } = requireActor(caller);
  await guarded(caller, { scope: 'code', account: `u${userId}` }, () =>
    verifyCode(caller, { phone: input.newPhone, purpose: 'editphone', code: input.checkNum, consume: true }),
  );
  await updateOwnAccount(caller.ctx.db, userId, { mobile: input.newPhone }, caller.now);
  await invalidateActor(caller.ctx, userId);
}

/**
 * A code to the user's own phone (password change, cancellation); answers the masked phone.
 * `captcha`: whether the first send needs a captcha pass (password change yes, cancellation no).
 */
export async function sendOwnPhoneCode(
  caller: Caller,
  purpose: 'editpwd' | 'cancel',
  input: { ticket?: string; randstr?: string },
  opts: { captcha: boolean },
) {
  const user = await currentUser(caller);
  if (!user.mobile) throw appError('NO_MOBILE');
  if (opts.captcha) await requireCaptchaOrGrant(caller, { purpose, subject: `u${user.id}`, ticket: input.ticket, randstr: input.randstr });
  await sendCode(caller, { phone: user.mobile, purpose });
  return maskPhone(user.mobile);
}

/** EditPassWord: strength, match, the code; then every session ends (this one too). */
export async function editPassword(caller: Caller, input: { pas1: string; pas2: string; checkNum: string }) {
  checkNewPassword(input.pas1, input.pas2);
  const user = await currentUser(caller);
  await guarded(caller, { scope: 'code', account: `u${user.id}` }, () =>
    verifyCode(caller, { phone: user.mobile, purpose: 'editpwd', code: input.checkNum, consume: true }),
  );
  await setPasswordAndRevoke(caller, user.id, input.pas1);
}

/**
 * EditTemporaryPassWord: the forced change after an administrator's reset (DESIGN.md §4). Only an
 * account still on its temporary password (mustChangePassword) may change it this way, proving
 * itself with that password instead of an SMS code — a changed phone is often why the password was
 * reset. Everyone else keeps the spec's SMS-code change (EditPassWord). Wrong current passwords
 * count as sign-in failures of the account (a captcha after repeated ones, account/guard.ts).
 */
export async function changeTemporaryPassword(
  caller: Caller,
  input: { oldPas: string; pas1: string; pas2: string; ticket?: string; randstr?: string },
) {
  const user = await currentUser(caller);
  // first: a session without a temporary password cannot use this call to try passwords
  if (!user.mustChangePassword) throw appError('NOT_TEMPORARY_PASSWORD');
  checkNewPassword(input.pas1, input.pas2);
  await guarded(caller, { scope: 'login', account: user.accountCode, ticket: input.ticket, randstr: input.randstr }, async () => {
    if (!(await verifyPassword(input.oldPas, user.passwordHash))) throw appError('CURRENT_PASSWORD_WRONG');
  });
  if (input.pas1 === input.oldPas) throw appError('SAME_AS_TEMPORARY');
  await setPasswordAndRevoke(caller, user.id, input.pas1);
}

/** CheckCancelUserVerifyCode (consume false) and CancelUser (consume true). */
export async function checkCancelCode(caller: Caller, code: string, consume: boolean) {
  const user = await currentUser(caller);
  await guarded(caller, { scope: 'code', account: `u${user.id}` }, () =>
    verifyCode(caller, { phone: user.mobile, purpose: 'cancel', code, consume }),
  );
}

/** CancelUser: the account can no longer sign in; every session ends. */
export async function cancelAccount(caller: Caller, code: string) {
  const { userId } = requireActor(caller);
  await checkCancelCode(caller, code, true);
  await updateOwnAccount(caller.ctx.db, userId, { cancelledAt: caller.now }, caller.now);
  await endUserSessions(caller, userId);
}

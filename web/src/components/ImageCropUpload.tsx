// Avatar upload with a crop step (spec §4, §5): 1 choose, 2 crop, 3 upload; loading states
// 0 idle, 1 uploading, 2 success, 3 failed. jpg/png only, ≤ 10 MB, at least the target pixels.
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { AccountMsg, accountApi, type UploadedImage } from '@xuetu/contract';
import { App, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useRef, useState } from 'react';
import { callUpload } from '../api/client';
import { ApiError, isCancelled } from '../api/request';

export const UploadState = { Idle: 0, Uploading: 1, Success: 2, Failed: 3 } as const;
export const UPLOAD_FAILED_TEXT = '上传失败，请重试';
const ACCEPT = ['image/jpeg', 'image/png'];

/** spec: jpg or png only, under 10 MB */
export function checkAvatarFile(file: { type: string; size: number }, maxKb = 10240): string | null {
  if (!ACCEPT.includes(file.type)) return AccountMsg.avatarType;
  if (file.size / 1024 > maxKb) return AccountMsg.avatarSize;
  return null;
}

function imageDimensions(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = reject;
    img.src = url;
  });
}

export function ImageCropUpload({
  value,
  onChange,
  width = 200,
  height = 200,
  maxKb = 10240,
  label = '上传头像',
}: {
  /** the current image url */
  value?: string;
  onChange(image: UploadedImage): void;
  width?: number;
  height?: number;
  maxKb?: number;
  /** the empty box's text (a profile picture by default) */
  label?: string;
}) {
  const { message } = App.useApp();
  const [state, setState] = useState<number>(UploadState.Idle);
  const [preview, setPreview] = useState(value);
  // antd-img-crop goes on to upload a file its beforeCrop refused (it only skips the crop):
  // remember the refused files so the Upload drops them before any request
  const refused = useRef(new WeakSet<File>());

  const check = async (file: File): Promise<string | null> => {
    const problem = checkAvatarFile(file, maxKb);
    if (problem) return problem;
    try {
      const d = await imageDimensions(file);
      return d.width < width || d.height < height ? AccountMsg.avatarPixels(width, height) : null;
    } catch {
      return AccountMsg.avatarType;
    }
  };
  const beforeCrop = async (file: File) => {
    const problem = await check(file);
    if (!problem) return true;
    refused.current.add(file);
    message.error(problem);
    return false;
  };

  // stays outside useAppMutation: antd's Upload (customRequest) drives it and `state` shows its progress
  const send = async (file: Blob) => {
    setState(UploadState.Uploading);
    try {
      const image = await callUpload(accountApi.uploadImageFileByFormToZfile, file, { silent: true });
      setState(UploadState.Success);
      setPreview(image.url);
      onChange(image);
    } catch (e) {
      setState(UploadState.Failed);
      // the request wrapper has already shown a server's or the network's reason: one toast per failure
      if (!(e instanceof ApiError) && !isCancelled(e)) message.error((e as Error).message || UPLOAD_FAILED_TEXT);
    }
  };

  return (
    <ImgCrop
      aspect={width / height}
      quality={0.92}
      rotationSlider
      modalTitle="裁剪头像"
      modalOk="确定"
      modalCancel="取消"
      beforeCrop={beforeCrop}
    >
      <Upload
        accept=".jpg,.jpeg,.png"
        listType="picture-card"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => (refused.current.has(file) ? Upload.LIST_IGNORE : true)}
        customRequest={({ file }) => void send(file as Blob)}
        data-testid="avatar-upload"
      >
        {preview && state !== UploadState.Uploading ? (
          <img src={preview} alt="头像" style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 8 }} />
        ) : (
          <div data-upload-state={state}>
            {state === UploadState.Uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>
              {state === UploadState.Uploading ? '上传中' : state === UploadState.Failed ? '重新上传' : label}
            </div>
          </div>
        )}
      </Upload>
    </ImgCrop>
  );
}

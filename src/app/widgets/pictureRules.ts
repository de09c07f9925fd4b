// Picture picker rules (spec 5): image files only, size under the limit (1 MB by default):
// 'File size must be less than {n}MB'; 'Error reading file' when it cannot be read.

export const DEFAULT_PICTURE_MAX_MB = 1;
export const BYTES_PER_MB = 1024 * 1024;

export const PICTURE_MESSAGES = {
  notImage: 'widgets.picture.not_image',
  tooLarge: 'widgets.picture.too_large',
  readError: 'widgets.picture.read_error',
} as const;

export const isImageType = (type: string): boolean => /^image\//i.test(type);

export function pictureFileError(
  file: { type: string; size: number },
  maxMb: number = DEFAULT_PICTURE_MAX_MB,
): { message: string; args: Record<string, unknown> } | undefined {
  if (!isImageType(file.type)) return { message: PICTURE_MESSAGES.notImage, args: {} };
  if (file.size >= maxMb * BYTES_PER_MB) return { message: PICTURE_MESSAGES.tooLarge, args: { n: maxMb } };
  return undefined;
}

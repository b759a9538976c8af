/**
 * @module
 * The image upload control (site spec, sections 4, 5 and 8): choose a file, it is checked (an
 * image, under 5 MB), shown at once as a preview and sent to `upload-image`. On success the
 * stored URL becomes the value; on failure the preview goes back to the previous image.
 */
import { ImageUp } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import type { AdminKey } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import type { ContentClient } from "../../../lib/content-api/content-client";
import { errorMessage } from "../../../lib/content-api/content-client";
import { useAdminI18n } from "../shell/admin-language";
import { adminButton, labelClass } from "./admin-styles";
import { noticeError, noticeSuccess } from "./notices";

/** Spec section 9: uploads must be smaller than 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The notices' keys: `success` is the spec's text, true when the server keeps images in a bucket
 * (S3_BUCKET); `successOnServer` the same notice when it keeps them on its own disk (issue 33,
 * item 14).
 */
export const uploadMessages = {
  missing: "upload.missing",
  tooLarge: "upload.tooLarge",
  notImage: "upload.notImage",
  failed: "upload.failed",
  success: "upload.success",
  successOnServer: "upload.successOnServer",
} as const satisfies Record<string, AdminKey>;

/** Why a file cannot be uploaded (in the admin's language), or null when it can. */
export function checkImageFile(
  file: File | undefined | null,
  { t }: Pick<AdminTranslator, "t"> = adminEnglish,
): string | null {
  if (!file) return t(uploadMessages.missing);
  if (file.size >= MAX_IMAGE_BYTES) return t(uploadMessages.tooLarge);
  if (!file.type.startsWith("image/")) return t(uploadMessages.notImage);
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

export function ImageUpload({
  label,
  value,
  onChange,
  client,
  onBusyChange,
}: {
  label: string;
  /** The stored image URL ("" when none). */
  value: string;
  onChange: (url: string) => void;
  client: ContentClient;
  /** Tells the form an upload is running (its Save waits). */
  onBusyChange?: (isBusy: boolean) => void;
}) {
  const id = useId();
  const i18n = useAdminI18n();
  const { t } = i18n;
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const preview = localPreview ?? value;

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const problem = checkImageFile(file, i18n);
    if (problem || !file) {
      noticeError(t("upload.errorTitle"), problem ?? t(uploadMessages.missing));
      event.target.value = "";
      return;
    }
    setIsUploading(true);
    onBusyChange?.(true);
    setLocalPreview(URL.createObjectURL(file));
    try {
      const uploaded = await client.uploadImage(await readAsDataUrl(file), file.name);
      onChange(uploaded.url);
      noticeSuccess(
        t(uploaded.storedIn === "disk" ? uploadMessages.successOnServer : uploadMessages.success),
      );
    } catch (error) {
      noticeError(t("upload.errorTitle"), errorMessage(error, t(uploadMessages.failed)));
    } finally {
      setLocalPreview(null);
      setIsUploading(false);
      onBusyChange?.(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  return (
    <div className="mb-4">
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-32 w-48 items-center justify-center overflow-hidden rounded-md border border-gray-300 bg-gray-50">
          {preview ? (
            <img src={preview} alt={t("upload.preview")} className="h-full w-full object-cover" />
          ) : (
            <span className="text-sm text-gray-600">{t("common.noImage")}</span>
          )}
        </div>
        <div>
          <input
            ref={inputRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            disabled={isUploading}
            onChange={(event) => void upload(event)}
          />
          <button
            type="button"
            className={adminButton("outline")}
            aria-describedby={`${id}-label`}
            disabled={isUploading}
            onClick={() => inputRef.current?.click()}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {isUploading ? t("upload.uploading") : t("upload.button")}
          </button>
          <p className="mt-2 text-xs text-gray-600">{t("upload.hint")}</p>
        </div>
      </div>
    </div>
  );
}

/**
 * @module
 * The admin's short notices (site spec, section 8: title / text), shown by the Sonner toaster.
 */
import { toast } from "sonner";

export function noticeSuccess(title: string, description?: string): void {
  toast.success(title, description === undefined ? undefined : { description });
}

export function noticeError(title: string, description?: string): void {
  toast.error(title, description === undefined ? undefined : { description });
}

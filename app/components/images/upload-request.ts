import { IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_URL, type UploadResponse } from "~/lib/images";

/**
 * Sends one file. XMLHttpRequest rather than fetch: only it reports upload progress.
 * Never rejects; network failures come back as `{ ok: false }`.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadResponse> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", IMAGE_UPLOAD_URL);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as UploadResponse;
        if (typeof body === "object" && body !== null && "ok" in body) {
          resolve(body);
          return;
        }
      } catch {
        // fall through: not our JSON (a proxy error page, for instance)
      }
      resolve({ ok: false, error: IMAGE_MESSAGES.uploadFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: IMAGE_MESSAGES.uploadFailed });
    xhr.onabort = () => resolve({ ok: false, error: IMAGE_MESSAGES.uploadFailed });
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

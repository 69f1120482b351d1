import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { notify } from "~/components/layout/notify";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import {
  IMAGE_ACCEPT_ATTRIBUTE,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_URL,
  MAX_IMAGES_PER_PROFILE,
  precheckImageFile,
} from "~/lib/images";
import { shrinkImage } from "./shrink-image";
import { uploadImage } from "./upload-request";
import { useHydrated } from "~/components/ui/useHydrated";

const HINT = "PNG, JPG, WEBP up to 5MB";
// One at a time: images land in the order they were chosen, and a small server is not swamped.
const PARALLEL_UPLOADS = 1;

type UploadStatus = "queued" | "preparing" | "uploading" | "processing" | "done" | "error" | "skipped";

interface UploadItem {
  key: number;
  name: string;
  progress: number;
  status: UploadStatus;
  error: string | null;
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  queued: "Waiting…",
  preparing: "Resizing…",
  uploading: "Uploading…",
  processing: "Processing…",
  done: "Uploaded",
  error: "Failed",
  skipped: "Not uploaded",
};

/** The type check alone: the size is judged after a large photo has been scaled down. */
function typeProblem(file: File): string | null {
  return precheckImageFile({ name: file.name, type: file.type, size: 0 });
}

export function ImageDropZone({ held, onUploaded }: { held: number; onUploaded: () => void }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);

  const busy = uploads.some((u) => u.status === "queued" || u.status === "preparing" || u.status === "uploading" || u.status === "processing");
  const full = held >= MAX_IMAGES_PER_PROFILE;
  const disabled = busy || full;

  const update = (key: number, change: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function start(files: File[]) {
    if (disabled || files.length === 0) return;
    // More files than free places: upload the first ones that fit and name the others, rather
    // than refusing the whole choice.
    const room = Math.max(0, MAX_IMAGES_PER_PROFILE - held);
    const batch = files.map((file, index) => {
      const problem = index < room ? typeProblem(file) : null;
      const item: UploadItem = {
        key: nextKey.current++,
        name: file.name,
        progress: 0,
        status: index >= room ? "skipped" : problem ? "error" : "queued",
        error: index >= room ? `No free place: ${MAX_IMAGES_PER_PROFILE} images at most` : problem,
      };
      return { file, item };
    });
    setUploads(batch.map((b) => b.item));

    const skipped = batch.filter((b) => b.item.status === "skipped").map((b) => b.item.name);
    if (skipped.length > 0) notify("error", IMAGE_MESSAGES.limit, { description: `Not uploaded: ${skipped.join(", ")}` });

    const failures: string[] = batch.filter((b) => b.item.status === "error").map((b) => `${b.item.name}: ${b.item.error}`);
    let succeeded = 0;
    const queue = batch.filter((b) => b.item.status === "queued");
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { item } = next;
        update(item.key, { status: "preparing" });
        const file = await shrinkImage(next.file);
        const problem = precheckImageFile(file);
        if (problem) {
          failures.push(`${item.name}: ${problem}`);
          update(item.key, { status: "error", error: problem });
          continue;
        }
        update(item.key, { status: "uploading" });
        const result = await uploadImage(file, (fraction) => {
          const progress = Math.round(fraction * 100);
          update(item.key, { progress, status: progress >= 100 ? "processing" : "uploading" });
        });
        if (result.ok) {
          succeeded += 1;
          update(item.key, { status: "done", progress: 100 });
        } else {
          failures.push(`${item.name}: ${result.error}`);
          update(item.key, { status: "error", error: result.error });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));

    if (succeeded > 0) {
      onUploaded();
      if (failures.length === 0) notify("success", IMAGE_MESSAGES.uploaded);
    }
    if (failures.length > 0) notify("error", IMAGE_MESSAGES.uploadFailed, { description: failures.join("\n") });
  }

  const openPicker = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openPicker();
    }
  };
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    void start(Array.from(event.dataTransfer.files));
  };

  const hintId = "image-upload-hint";
  const statusId = "image-upload-state";
  const stateText = full
    ? `You have ${MAX_IMAGES_PER_PROFILE} of ${MAX_IMAGES_PER_PROFILE} images. Delete one to add another.`
    : busy
      ? "Uploading, please wait…"
      : null;

  return (
    <section aria-labelledby="upload-heading" className="space-y-3">
      <h2 id="upload-heading" className="sr-only">
        Upload images
      </h2>
      {hydrated ? (
        <>
          <div
            role="button"
            tabIndex={0}
            aria-disabled={disabled}
            aria-describedby={stateText ? `${hintId} ${statusId}` : hintId}
            onClick={openPicker}
            onKeyDown={onKeyDown}
            onDragEnter={onDragOver}
            onDragOver={onDragOver}
            onDragLeave={(event) => {
              // Moving over the zone's own text fires dragleave too; only leaving the zone counts.
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDrop}
            className={cx(
              "flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
              disabled
                ? "cursor-not-allowed border-slate-300 bg-slate-100 text-slate-700"
                : dragging
                  ? "cursor-copy border-brand-600 bg-brand-50 text-slate-900"
                  : "cursor-pointer border-slate-400 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50",
            )}
          >
            <UploadIcon />
            {/* A phone has no drag and drop and no click: say what works there. */}
            <span className="font-semibold pointer-coarse:hidden">Drag and drop images here, or click to choose files</span>
            <span className="hidden font-semibold pointer-coarse:inline">Tap to add photos</span>
            <span id={hintId} className="text-sm text-slate-700">
              {HINT}
            </span>
            {stateText ? (
              <span id={statusId} className="text-sm font-medium text-slate-800">
                {stateText}
              </span>
            ) : null}
          </div>
          <input
            ref={input}
            type="file"
            multiple
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              // Reset so choosing the same file again still fires a change.
              event.currentTarget.value = "";
              void start(files);
            }}
          />
        </>
      ) : (
        <form
          method="post"
          action={IMAGE_UPLOAD_URL}
          encType="multipart/form-data"
          className="flex flex-col gap-3 rounded-xl border-2 border-dashed border-slate-400 bg-white px-6 py-8"
        >
          <label htmlFor="image-files" className="font-semibold text-slate-900">
            Choose images to upload
          </label>
          <input
            id="image-files"
            type="file"
            name={IMAGE_UPLOAD_FIELD}
            multiple
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            disabled={full}
            aria-describedby={hintId}
            className="text-sm text-slate-800"
          />
          <p id={hintId} className="text-sm text-slate-700">
            {HINT}
          </p>
          <div>
            <Button type="submit" disabled={full}>
              Upload images
            </Button>
          </div>
        </form>
      )}

      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((item) => (
            <li key={item.key} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="truncate font-medium text-slate-900">{item.name}</span>
                <span className={item.status === "error" ? "text-red-700" : item.status === "skipped" ? "font-medium text-slate-900" : "text-slate-700"}>
                  {STATUS_TEXT[item.status]}
                </span>
              </div>
              {item.status === "error" || item.status === "skipped" ? (
                <p className={cx("mt-1 text-sm", item.status === "error" ? "text-red-700" : "text-slate-800")}>{item.error}</p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${item.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                  aria-valuetext={`${item.progress}% ${STATUS_TEXT[item.status]}`}
                  className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className={cx("h-full rounded-full transition-[width]", item.status === "done" ? "bg-green-600" : "bg-brand-600")}
                    style={{ width: `${item.progress}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  );
}

import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useFetcher, useNavigation, useRevalidator } from "react-router";
import { notify } from "~/components/layout/notify";
import type { Route } from "./+types/dashboard.manage-images";
import { ImageDropZone } from "~/components/images/ImageDropZone";
import { ImageList } from "~/components/images/ImageList";
import { Alert } from "~/components/ui/Alert";
import { Button, buttonClass } from "~/components/ui/Button";
import { parseForm } from "~/lib/form";
import { IMAGE_MESSAGES, imageActionSchema, MAX_IMAGES_PER_PROFILE } from "~/lib/images";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";
import { redirectWithFlash, type Flash } from "~/server/http/flash.server";
import {
  deleteProfileImage,
  listProfileImages,
  moveProfileImage,
  reorderProfileImages,
  type ProfileImage,
} from "~/server/images/profile-images.server";

const PAGE = "/dashboard/manage-images";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  let images: ProfileImage[] = [];
  let loadFailed = false;
  try {
    images = await listProfileImages(context.db, user.id);
  } catch (error) {
    context.logger.error({ err: error, profileId: user.id }, "listing images failed");
    loadFailed = true;
  }
  const confirmId = new URL(request.url).searchParams.get("delete");
  return {
    images: images.map((image) => ({
      id: image.id,
      imageUrl: image.imageUrl,
      width: image.width,
      height: image.height,
      variants: image.variants.map((v) => ({ url: v.url, width: v.width, height: v.height })),
      blurDataUrl: image.blurDataUrl,
    })),
    loadFailed,
    confirmDeleteId: images.some((image) => image.id === confirmId) ? confirmId : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const parsed = parseForm(imageActionSchema, await request.formData());
  if (!parsed.ok) {
    const message = parsed.values.intent === "delete" ? IMAGE_MESSAGES.deleteFailed : IMAGE_MESSAGES.reorderFailed;
    return redirectWithFlash(context, request, PAGE, { type: "error", message });
  }
  const form = parsed.data;

  let flash: Flash | null = null;
  try {
    if (form.intent === "delete") {
      const deleted = await deleteProfileImage(context.db, context.storage, user.id, form.imageId);
      flash = deleted
        ? { type: "success", message: IMAGE_MESSAGES.deleted }
        : { type: "error", message: IMAGE_MESSAGES.deleteFailed };
      if (deleted) context.pagesChanged?.();
    } else if (form.intent === "move") {
      const moved = await moveProfileImage(context.db, user.id, form.imageId, form.direction);
      if (moved) context.pagesChanged?.();
      else flash = { type: "error", message: IMAGE_MESSAGES.reorderFailed };
    } else {
      await reorderProfileImages(context.db, user.id, form.order);
      context.pagesChanged?.();
      // Only the page's script sends a whole order; it waits for this answer before sending the next.
      return { reordered: true };
    }
  } catch (error) {
    context.logger.warn({ err: error, profileId: user.id, intent: form.intent }, "image change failed");
    flash = {
      type: "error",
      message: form.intent === "delete" ? IMAGE_MESSAGES.deleteFailed : IMAGE_MESSAGES.reorderFailed,
    };
  }
  if (!flash) return redirect(PAGE);
  return redirectWithFlash(context, request, PAGE, flash);
}

export function meta({ matches, location }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Manage Images",
    description: "Upload, order and remove the photos on your performer listing.",
    path: location.pathname,
    noindex: true,
  });
}

export default function ManageImages({ loaderData }: Route.ComponentProps) {
  const { images, loadFailed, confirmDeleteId } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const reorder = useFetcher<{ reordered?: boolean }>();
  // One order on its way at a time: a newer order waits for the older answer, so the server
  // receives orders in the sequence they were made and the last one shown is the one stored.
  const [queued, setQueued] = useState<string[] | null>(null);
  const sendOrder = (order: string[]) => {
    if (reorder.state === "idle") {
      void reorder.submit({ intent: "reorder", order: order.join(",") }, { method: "post", action: PAGE });
    } else {
      setQueued(order);
    }
  };
  useEffect(() => {
    if (reorder.state !== "idle" || !queued) return;
    void reorder.submit({ intent: "reorder", order: queued.join(",") }, { method: "post", action: PAGE });
    setQueued(null);
  }, [reorder, queued]);

  useEffect(() => {
    if (loadFailed) notify("error", IMAGE_MESSAGES.loadFailed);
  }, [loadFailed]);

  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PAGE);
  const pendingOrder = reorder.formData?.get("order");
  const shown = queued
    ? orderBy(images, queued)
    : typeof pendingOrder === "string"
      ? orderBy(images, pendingOrder.split(","))
      : images;
  const savingOrder = queued !== null || reorder.state !== "idle";
  const orderSaved = !savingOrder && reorder.data?.reordered === true;
  const confirmIndex = confirmDeleteId ? images.findIndex((image) => image.id === confirmDeleteId) : -1;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
      >
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Manage Images</h1>
      <p className="mt-2 text-slate-700">
        Your first image is your main profile image. Drag rows or use Move up and Move down to change the order.
      </p>

      <div className="mt-6 space-y-6">
        {loadFailed ? <Alert tone="error">{IMAGE_MESSAGES.loadFailed}</Alert> : null}

        <ImageDropZone
          held={images.length}
          onUploaded={() => {
            void revalidator.revalidate();
          }}
        />

        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 className="text-lg font-semibold text-slate-900">Your images</h2>
          <p role="status" className={loading ? "text-sm text-slate-700" : "sr-only"}>
            {loading ? "Loading images…" : ""}
          </p>
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {images.length} of {MAX_IMAGES_PER_PROFILE} images used
          </p>
        </div>

        {shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            No images yet. Add up to {MAX_IMAGES_PER_PROFILE} photos of you in costume.
          </p>
        ) : (
          <ImageList images={shown} onReorder={sendOrder} />
        )}
        <p role="status" className="text-sm text-slate-700">
          {savingOrder ? "Saving the new order…" : orderSaved ? "New order saved" : ""}
        </p>
      </div>

      {confirmIndex >= 0 ? <ConfirmDelete imageId={images[confirmIndex].id} number={confirmIndex + 1} /> : null}
    </div>
  );
}

function orderBy<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  return ordered.length === items.length ? ordered : [...items];
}

/**
 * The delete confirmation lives in the URL (?delete=id) so it works before scripts load;
 * with scripts it opens as a modal dialog that traps focus and closes on Escape.
 */
function ConfirmDelete({ imageId, number }: { imageId: string; number: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== "function") return;
    if (element.open) element.close();
    element.showModal();
    cancel.current?.focus();
  }, [imageId]);
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      onCancel={(event) => {
        event.preventDefault();
        cancel.current?.click();
      }}
      className="fixed inset-0 z-40 m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="confirm-delete-title" className="text-lg font-semibold">
        Delete Image {number}?
      </h2>
      <p id="confirm-delete-text" className="mt-2 text-sm text-slate-700">
        This removes the image from your profile for good. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link ref={cancel} to={PAGE} replace preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Form method="post" action={PAGE} replace preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="imageId" value={imageId} />
          <Button type="submit" variant="dangerConfirm" disabled={deleting}>
            {deleting ? "Deleting…" : "Delete image"}
          </Button>
        </Form>
      </div>
    </dialog>
  );
}

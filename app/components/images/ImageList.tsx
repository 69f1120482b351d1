import { useEffect, useRef, useState, type DragEvent } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "~/components/ui/useHydrated";

export interface ImageRow {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number }[];
  blurDataUrl: string | null;
}

const PAGE = "/dashboard/manage-images";

/** Moves `id` to `index`, returning the new order, or null when nothing changes. */
function moveTo(ids: readonly string[], id: string, index: number): string[] | null {
  const from = ids.indexOf(id);
  if (from < 0 || from === index) return null;
  const next = ids.filter((other) => other !== id);
  next.splice(index, 0, id);
  return next;
}

export function ImageList({ images, onReorder }: { images: ImageRow[]; onReorder: (order: string[]) => void }) {
  const hydrated = useHydrated();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const navigation = useNavigation();

  // After a move the row changes place; keep keyboard focus on the button that moved it
  // (or its twin when the row reached an end) instead of dropping focus to the page.
  const lastMove = useRef<{ id: string; direction: string } | null>(null);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "move") {
      lastMove.current = {
        id: String(navigation.formData.get("imageId")),
        direction: String(navigation.formData.get("direction")),
      };
    }
  }, [navigation]);
  useEffect(() => {
    const move = lastMove.current;
    if (!move || navigation.state !== "idle") return;
    lastMove.current = null;
    const other = move.direction === "up" ? "down" : "up";
    const target =
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${move.id}-${move.direction}"]`) ??
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${move.id}-${other}"]`);
    target?.focus();
  }, [images, navigation.state]);

  const ids = images.map((image) => image.id);
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (over !== index) setOver(index);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!dragged) return;
    event.preventDefault();
    const order = moveTo(ids, dragged, index);
    endDrag();
    if (order) onReorder(order);
  };

  return (
    <>
      {hydrated && images.length > 1 ? (
        <p className="text-sm text-slate-700">Drag a row to reorder, or use the Move up and Move down buttons.</p>
      ) : null}
      <ol ref={list} className="space-y-3" aria-label="Your images, in display order">
        {images.map((image, index) => {
          const number = index + 1;
          const thumb = image.variants[0];
          return (
            <li
              key={image.id}
              draggable={hydrated}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", image.id);
                setDragged(image.id);
              }}
              onDragOver={(event) => onDragOver(event, index)}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={endDrag}
              className={cx(
                "flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center",
                dragged === image.id ? "opacity-60" : "",
                over === index && dragged && dragged !== image.id ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
                hydrated ? "cursor-grab active:cursor-grabbing" : "",
              )}
            >
              <div className="flex items-center gap-4">
                {hydrated ? <DragHandle /> : null}
                <img
                  src={thumb?.url ?? image.imageUrl}
                  srcSet={image.variants.map((v) => `${v.url} ${v.width}w`).join(", ") || undefined}
                  sizes="128px"
                  width={thumb?.width || undefined}
                  height={thumb?.height || undefined}
                  alt={`Preview of image ${number}`}
                  loading={index === 0 ? "eager" : "lazy"}
                  draggable={false}
                  className="h-28 w-28 shrink-0 rounded-lg bg-slate-200 bg-cover object-cover"
                  style={image.blurDataUrl ? { backgroundImage: `url(${image.blurDataUrl})` } : undefined}
                />
                <div>
                  <p className="font-semibold text-slate-900">Image {number}</p>
                  <p className={cx("text-sm", index === 0 ? "font-medium text-slate-900" : "text-slate-700")}>
                    {index === 0 ? "Main profile image" : "Gallery image"}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                {index > 0 ? <MoveButton id={image.id} number={number} direction="up" /> : null}
                {index < images.length - 1 ? <MoveButton id={image.id} number={number} direction="down" /> : null}
                <Form method="get" action={PAGE} preventScrollReset>
                  <input type="hidden" name="delete" value={image.id} />
                  {/* Secondary in weight: removing a photo is not what this page is for, and it asks first. */}
                  <button type="submit" className={buttonClass("secondary", "sm", "min-h-11 text-red-800")}>
                    Delete<span className="sr-only"> image {number}</span>
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function MoveButton({ id, number, direction }: { id: string; number: number; direction: "up" | "down" }) {
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="imageId" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" data-move={`${id}-${direction}`} className={buttonClass("secondary", "sm", "min-h-11")}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        {direction === "up" ? "Move up" : "Move down"}
        <span className="sr-only"> image {number}</span>
      </button>
    </Form>
  );
}

function DragHandle() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500" fill="currentColor">
      <circle cx="7" cy="5" r="1.5" />
      <circle cx="13" cy="5" r="1.5" />
      <circle cx="7" cy="10" r="1.5" />
      <circle cx="13" cy="10" r="1.5" />
      <circle cx="7" cy="15" r="1.5" />
      <circle cx="13" cy="15" r="1.5" />
    </svg>
  );
}

import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Button } from '../../../components/ui/button';

export type SignaturePadHandle = {
  /** The drawing as a PNG data URL, or null while nothing is drawn. */
  toDataUrl(): string | null;
  clear(): void;
};

/**
 * A 400 by 200 canvas (the saved image's size) signed with a finger, a pen or a mouse (pointer
 * events). On screen it fills its container's width at 2:1; a point is mapped from the displayed
 * size to the bitmap's, so a stroke lands under the finger at any width. The dashed border is on
 * a wrapper: on the canvas itself it would offset the mapping by its width.
 */
export function SignaturePad({
  ref,
  onChange,
}: {
  ref: Ref<SignaturePadHandle>;
  onChange?: (hasInk: boolean) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const inked = useRef(false);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) / r.width) * e.currentTarget.width,
      y: ((e.clientY - r.top) / r.height) * e.currentTarget.height,
    };
  };

  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    inked.current = false;
    onChange?.(false);
  };

  useImperativeHandle(ref, () => ({
    toDataUrl: () => (inked.current ? (canvas.current?.toDataURL('image/png') ?? null) : null),
    clear,
  }));

  return (
    <div className="space-y-2">
      <div className="rounded-md border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvas}
          width={400}
          height={200}
          aria-label="Signature pad"
          data-testid="signature-canvas"
          className="block aspect-[2/1] w-full touch-none rounded-md"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            const ctx = e.currentTarget.getContext('2d')!;
            const p = point(e);
            ctx.beginPath();
            ctx.moveTo(p.x, p.y);
            ctx.lineTo(p.x + 0.1, p.y + 0.1);
            ctx.stroke();
            drawing.current = true;
          }}
          onPointerMove={(e) => {
            if (!drawing.current) return;
            const ctx = e.currentTarget.getContext('2d')!;
            const p = point(e);
            ctx.lineTo(p.x, p.y);
            ctx.stroke();
            if (!inked.current) {
              inked.current = true;
              onChange?.(true);
            }
          }}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
        />
      </div>
      <Button type="button" variant="outline" size="sm" onClick={clear}>
        Clear
      </Button>
    </div>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR } from '@ppp/contracts';
import {
  displayScale,
  keyboardNudge,
  maxCropSize,
  minCropSize,
  moveSquare,
  padGeometry,
  resizeSquare,
  type CoverMode,
  type CropSquare,
} from './cover-math.ts';
import { paintCover } from './cover-render.ts';

const BOX = 320;

interface Props {
  image: HTMLImageElement;
  mode: CoverMode;
  square: CropSquare;
  onModeChange(mode: CoverMode): void;
  onSquareChange(square: CropSquare): void;
}

/** The live 200 px preview of what will be uploaded. */
function CoverPreview({ image, mode, square }: Pick<Props, 'image' | 'mode' | 'square'>) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) paintCover(ref.current, image, mode, square, EPISODE_CREATOR.coverPreviewPx);
  }, [image, mode, square]);
  const px = EPISODE_CREATOR.coverPreviewPx;
  return (
    <Stack gap={4} align="center">
      <canvas
        ref={ref}
        width={px}
        height={px}
        data-testid="cover-preview"
        aria-label="Cover preview"
        style={{ width: px, height: px, borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
      />
      <Text size="xs" c="dimmed">
        Preview
      </Text>
    </Stack>
  );
}

interface ImageSize {
  width: number;
  height: number;
}

/** Moving the crop square by pointer drag or by the arrow keys, in image pixels. */
function useCropDrag(square: CropSquare, scale: number, size: ImageSize, onSquareChange: (square: CropSquare) => void) {
  const drag = useRef<{ x: number; y: number; start: CropSquare } | null>(null);
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: square };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    if (!from) return;
    onSquareChange(moveSquare(from.start, (event.clientX - from.x) / scale, (event.clientY - from.y) / scale, size));
  }
  function onPointerUp() {
    drag.current = null;
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const nudge = keyboardNudge(event.key, event.shiftKey, size);
    if (!nudge) return;
    event.preventDefault();
    onSquareChange(moveSquare(square, nudge.dx, nudge.dy, size));
  }
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown };
}

/** The image centred on a white square (pad mode). */
function PadFrame({ image, side }: { image: HTMLImageElement; side: number }) {
  const pad = padGeometry({ width: image.naturalWidth, height: image.naturalHeight }, side);
  return (
    <Box
      w={pad.side}
      h={pad.side}
      bg="white"
      pos="relative"
      style={{ border: '1px solid var(--mantine-color-gray-4)' }}
      data-testid="cover-pad-frame"
    >
      <img
        src={image.src}
        alt="Cover on a white square"
        style={{ position: 'absolute', left: pad.x, top: pad.y, width: pad.width, height: pad.height }}
      />
    </Box>
  );
}

/** The image with a draggable crop square (crop), or centred on white (pad). */
function CropCanvas({ image, mode, square, onSquareChange }: Omit<Props, 'onModeChange'>) {
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const scale = displayScale(size, BOX, BOX);
  const handlers = useCropDrag(square, scale, size, onSquareChange);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  if (mode === 'pad') return <PadFrame image={image} side={Math.max(width, height)} />;
  return (
    <Box pos="relative" w={width} h={height} style={{ touchAction: 'none', userSelect: 'none', overflow: 'hidden' }}>
      <img src={image.src} alt="Cover to crop" draggable={false} style={{ width, height, display: 'block' }} />
      <Box
        data-testid="cover-crop-square"
        aria-label="Crop area (drag, or use the arrow keys, to move)"
        tabIndex={0}
        {...handlers}
        style={{
          position: 'absolute',
          left: square.x * scale,
          top: square.y * scale,
          width: square.size * scale,
          height: square.size * scale,
          border: '2px solid white',
          outline: '1px solid rgba(0,0,0,0.6)',
          boxShadow: '0 0 0 9999px rgba(0,0,0,0.45)',
          cursor: 'move',
        }}
      />
    </Box>
  );
}

/** Crop or pad editor for the cover (spec 000 §5): the mode, the square's size, the preview. */
export function CoverEditor(props: Props) {
  const { image, mode, square, onModeChange, onSquareChange } = props;
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const [sliding, setSliding] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <SegmentedControl
        value={mode}
        onChange={(value) => onModeChange(value === 'pad' ? 'pad' : 'crop')}
        data={[
          { value: 'crop', label: 'Crop to square' },
          { value: 'pad', label: 'Fit with white padding' },
        ]}
        aria-label="Cover mode"
        style={{ alignSelf: 'flex-start' }}
      />
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="xs" maw="100%">
          <CropCanvas image={image} mode={mode} square={square} onSquareChange={onSquareChange} />
          <Text size="xs" c="dimmed">
            {size.width} x {size.height} px
          </Text>
        </Stack>
        <CoverPreview image={image} mode={mode} square={square} />
      </Group>
      {mode === 'crop' && (
        <Stack gap={4} maw={BOX}>
          <Text size="sm" fw={500} id="cover-crop-size-label">
            Crop size: {sliding ?? square.size} px
          </Text>
          <Slider
            aria-labelledby="cover-crop-size-label"
            min={minCropSize(size)}
            max={maxCropSize(size)}
            step={1}
            value={square.size}
            label={(value) => `${value} px`}
            onChange={(value) => {
              setSliding(value);
              onSquareChange(resizeSquare(square, value, size));
            }}
            onChangeEnd={() => setSliding(null)}
          />
        </Stack>
      )}
    </Stack>
  );
}

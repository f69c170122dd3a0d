import { Box } from '@mantine/core';
import { useState } from 'react';
import { displayScale, sideways, type ViewState } from './view-state.ts';

type Props = { src: string; alt: string; view: ViewState; frame: { w: number; h: number } };

/**
 * A picture at the viewer's zoom and angle. The box takes the turned picture's size, so the frame
 * scrolls over exactly what is shown; the picture is turned about its centre inside it.
 */
export function ImageView({ src, alt, view, frame }: Props) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const scale = natural ? displayScale(natural, frame, view) : 1;
  const w = (natural?.w ?? 0) * scale;
  const h = (natural?.h ?? 0) * scale;
  const turned = sideways(view);
  return (
    <Box
      pos="relative"
      mx="auto"
      style={{ width: turned ? h : w, height: turned ? w : h, visibility: natural ? 'visible' : 'hidden' }}
    >
      <img
        src={src}
        alt={alt}
        data-zoom={view.zoom}
        data-rotation={view.rotation}
        onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: w,
          height: h,
          maxWidth: 'none',
          transform: `translate(-50%, -50%) rotate(${view.rotation}deg)`,
          boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)',
          background: 'white',
        }}
      />
    </Box>
  );
}
